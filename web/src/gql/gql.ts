/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query Account {\n    me {\n      id\n      email\n      hasAudioProviderKey\n    }\n    audioProviderKeyLast4\n    activeSessions {\n      id\n      device\n      ip\n      lastSeenAt\n      current\n    }\n  }\n": typeof types.AccountDocument,
    "\n  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword)\n  }\n": typeof types.ChangePasswordDocument,
    "\n  mutation ChangeEmail($currentPassword: String!, $email: String!) {\n    changeEmail(currentPassword: $currentPassword, email: $email) {\n      id\n      email\n    }\n  }\n": typeof types.ChangeEmailDocument,
    "\n  mutation RevokeSession($id: ID!) {\n    revokeSession(id: $id)\n  }\n": typeof types.RevokeSessionDocument,
    "\n  mutation SetAudioProviderKey($apiKey: String) {\n    setAudioProviderKey(apiKey: $apiKey)\n  }\n": typeof types.SetAudioProviderKeyDocument,
    "\n  mutation DeleteAccount($currentPassword: String!) {\n    deleteAccount(currentPassword: $currentPassword)\n  }\n": typeof types.DeleteAccountDocument,
    "\n  query ApiCredentials {\n    appPasswords {\n      id\n      name\n      createdAt\n      lastUsedAt\n    }\n    accessTokens {\n      id\n      name\n      createdAt\n      lastUsedAt\n      last4\n    }\n  }\n": typeof types.ApiCredentialsDocument,
    "\n  mutation CreateAppPassword($name: String!) {\n    createAppPassword(name: $name) {\n      secret\n      credential {\n        id\n      }\n    }\n  }\n": typeof types.CreateAppPasswordDocument,
    "\n  mutation RevokeAppPassword($id: ID!) {\n    revokeAppPassword(id: $id)\n  }\n": typeof types.RevokeAppPasswordDocument,
    "\n  mutation CreateAccessToken($name: String!) {\n    createAccessToken(name: $name) {\n      secret\n      credential {\n        id\n      }\n    }\n  }\n": typeof types.CreateAccessTokenDocument,
    "\n  mutation RevokeAccessToken($id: ID!) {\n    revokeAccessToken(id: $id)\n  }\n": typeof types.RevokeAccessTokenDocument,
    "\n  query AdminOverview {\n    adminOverview {\n      users\n      songs\n      generationsToday\n      generationsThisMonth\n      failuresToday\n      queueDepth {\n        status\n        count\n      }\n      workers {\n        id\n        host\n        pid\n        concurrency\n        jobsRunning\n        engineVersion\n        lastHeartbeatAt\n      }\n      completedLastHour\n      mediaBytes\n      databaseBytes\n      postgres {\n        status\n        detail\n      }\n      redis {\n        status\n        detail\n      }\n      appVersion\n      generatedAt\n    }\n  }\n": typeof types.AdminOverviewDocument,
    "\n  fragment AdminUserFields on AdminUser {\n    id\n    username\n    email\n    userTier\n    monthlyGenerationLimit\n    canGenerateMusic\n    canManageSongs\n    canAccessAdmin\n    canAccessDJ\n    adminOverride\n    isAdmin\n    disabled\n    createdAt\n  }\n": typeof types.AdminUserFieldsFragmentDoc,
    "\n  query AdminUsers($search: String, $first: Int, $offset: Int) {\n    adminUsers(search: $search, first: $first, offset: $offset) {\n      total\n      users {\n        ...AdminUserFields\n      }\n    }\n  }\n": typeof types.AdminUsersDocument,
    "\n  mutation UpdateUserRights($id: ID!, $changes: AdminUserChangesInput!) {\n    updateUserRights(id: $id, changes: $changes) {\n      ...AdminUserFields\n    }\n  }\n": typeof types.UpdateUserRightsDocument,
    "\n  mutation SetUserDisabled($id: ID!, $disabled: Boolean!) {\n    setUserDisabled(id: $id, disabled: $disabled) {\n      ...AdminUserFields\n    }\n  }\n": typeof types.SetUserDisabledDocument,
    "\n  mutation ForcePasswordReset($id: ID!) {\n    forcePasswordReset(id: $id) {\n      temporaryPassword\n      user {\n        ...AdminUserFields\n      }\n    }\n  }\n": typeof types.ForcePasswordResetDocument,
    "\n  query AdminGenerations($status: String, $username: String, $first: Int, $after: String) {\n    adminGenerations(status: $status, username: $username, first: $first, after: $after) {\n      nodes {\n        username\n        priority\n        request {\n          ...GenerationFields\n        }\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n": typeof types.AdminGenerationsDocument,
    "\n  mutation AdminCancelGeneration($id: ID!) {\n    adminCancelGeneration(id: $id) {\n      priority\n    }\n  }\n": typeof types.AdminCancelGenerationDocument,
    "\n  mutation AdminRetryGeneration($id: ID!) {\n    adminRetryGeneration(id: $id) {\n      priority\n    }\n  }\n": typeof types.AdminRetryGenerationDocument,
    "\n  mutation SetGenerationPriority($id: ID!, $priority: Int!) {\n    setGenerationPriority(id: $id, priority: $priority) {\n      priority\n    }\n  }\n": typeof types.SetGenerationPriorityDocument,
    "\n  query ModerationQueue($status: String) {\n    moderationQueue(status: $status) {\n      id\n      songId\n      songTitle\n      songArtist\n      songModerationStatus\n      highlightedLyrics {\n        text\n        flagged\n      }\n      flaggedFor\n      flaggedWords\n      status\n      moderatorNotes\n      reviewedBy\n      reviewedAt\n      createdAt\n      analysis {\n        language\n        contentRating\n        sentiment\n        sentimentScore\n        keywords\n        themes\n        emotionalTones\n        offensiveWords\n        analysisConfidence\n      }\n    }\n  }\n": typeof types.ModerationQueueDocument,
    "\n  mutation ReviewModeration($id: ID!, $decision: String!, $notes: String, $regeneration: RegenerationInput) {\n    reviewModeration(id: $id, decision: $decision, notes: $notes, regeneration: $regeneration) {\n      id\n      status\n      moderatorNotes\n      reviewedBy\n      reviewedAt\n      songModerationStatus\n    }\n  }\n": typeof types.ReviewModerationDocument,
    "\n  query RegenerationRequests($status: String) {\n    regenerationRequests(status: $status) {\n      id\n      status\n      error\n      wordsToEliminate\n      replacementWords {\n        word\n        replacement\n      }\n      preservedElements\n      replacedWords {\n        word\n        replacement\n      }\n      decision\n      decidedBy\n      decidedAt\n      requestedBy\n      createdAt\n      completedAt\n      originalSong {\n        id\n        title\n        audioUrl\n        lyrics\n      }\n      newSong {\n        id\n        title\n        audioUrl\n        lyrics\n      }\n    }\n  }\n": typeof types.RegenerationRequestsDocument,
    "\n  mutation DecideRegeneration($id: ID!, $decision: String!) {\n    decideRegeneration(id: $id, decision: $decision) {\n      id\n      decision\n    }\n  }\n": typeof types.DecideRegenerationDocument,
    "\n  query AdminAuditLog($first: Int, $offset: Int) {\n    adminAuditLog(first: $first, offset: $offset) {\n      total\n      entries {\n        id\n        actor\n        action\n        targetType\n        targetId\n        before\n        after\n        createdAt\n      }\n    }\n  }\n": typeof types.AdminAuditLogDocument,
    "\n  fragment EnhancementBatchFields on EnhancementBatch {\n    id\n    operations\n    selection\n    targetLufs\n    status\n    createdBy\n    createdAt\n    confirmedAt\n    total\n    done\n    counts {\n      status\n      count\n    }\n  }\n": typeof types.EnhancementBatchFieldsFragmentDoc,
    "\n  query EnhancementBatches {\n    enhancementBatches {\n      ...EnhancementBatchFields\n    }\n  }\n": typeof types.EnhancementBatchesDocument,
    "\n  fragment SongVersionFields on SongVersion {\n    audioUrl\n    coverUrl\n    lyrics\n    loudness\n    bpm\n    musicalKey\n    duration\n    engineVersion\n  }\n": typeof types.SongVersionFieldsFragmentDoc,
    "\n  query EnhancementBatch($id: ID!) {\n    enhancementBatch(id: $id) {\n      ...EnhancementBatchFields\n      items {\n        id\n        songId\n        songTitle\n        status\n        notes\n        error\n        finishedAt\n        before {\n          ...SongVersionFields\n        }\n        after {\n          ...SongVersionFields\n        }\n      }\n    }\n  }\n": typeof types.EnhancementBatchDocument,
    "\n  query EnhancementSongs {\n    songs(first: 100) {\n      songs {\n        id\n        title\n        artist\n        genre\n      }\n    }\n  }\n": typeof types.EnhancementSongsDocument,
    "\n  mutation CreateEnhancementBatch($input: EnhancementBatchInput!) {\n    createEnhancementBatch(input: $input) {\n      ...EnhancementBatchFields\n    }\n  }\n": typeof types.CreateEnhancementBatchDocument,
    "\n  mutation ControlEnhancementBatch($id: ID!, $action: String!) {\n    controlEnhancementBatch(id: $id, action: $action) {\n      ...EnhancementBatchFields\n    }\n  }\n": typeof types.ControlEnhancementBatchDocument,
    "\n  mutation ConfirmEnhancementBatch($id: ID!) {\n    confirmEnhancementBatch(id: $id) {\n      ...EnhancementBatchFields\n    }\n  }\n": typeof types.ConfirmEnhancementBatchDocument,
    "\n  mutation UndoEnhancement($itemId: ID!) {\n    undoEnhancement(itemId: $itemId) {\n      id\n      status\n    }\n  }\n": typeof types.UndoEnhancementDocument,
    "\n  fragment ProductionSyncListFields on ProductionSyncList {\n    total\n    songs {\n      songId\n      productionId\n      title\n      artist\n      genre\n      owner\n      changedAt\n      transferredAt\n      publishable\n    }\n  }\n": typeof types.ProductionSyncListFieldsFragmentDoc,
    "\n  query ProductionSync {\n    productionSync(first: 100) {\n      newSongs {\n        ...ProductionSyncListFields\n      }\n      changedSongs {\n        ...ProductionSyncListFields\n      }\n      deletedSongs {\n        ...ProductionSyncListFields\n      }\n      inSyncSongs {\n        ...ProductionSyncListFields\n      }\n      run {\n        id\n        status\n        total\n        transferred\n        error\n        startedBy\n        startedAt\n        finishedAt\n      }\n    }\n  }\n": typeof types.ProductionSyncDocument,
    "\n  mutation TransferToProduction($songIds: [ID!]!) {\n    transferToProduction(songIds: $songIds) {\n      added\n      updated\n    }\n  }\n": typeof types.TransferToProductionDocument,
    "\n  mutation StartProductionTransfer {\n    startProductionTransfer {\n      id\n      status\n    }\n  }\n": typeof types.StartProductionTransferDocument,
    "\n  mutation UnpublishProductionSongs($productionIds: [ID!]!) {\n    unpublishProductionSongs(productionIds: $productionIds)\n  }\n": typeof types.UnpublishProductionSongsDocument,
    "\n  fragment AiArtistFields on AiArtist {\n    id\n    name\n    bio\n    genres\n    moods\n    voiceType\n    timbre {\n      brightness\n      breathiness\n      vibrato\n    }\n    instruments\n    tempoMin\n    tempoMax\n    isPublic\n    portraitSeed\n    portraitUrl\n    portraitThumbnailUrl\n    ownerName\n    isMine\n    canEdit\n    songCount\n  }\n": typeof types.AiArtistFieldsFragmentDoc,
    "\n  query AiArtists($first: Int!, $after: String) {\n    mine: aiArtistsConnection(owner: \"mine\", first: 50) {\n      edges {\n        cursor\n        node {\n          ...AiArtistFields\n        }\n      }\n    }\n    others: aiArtistsConnection(owner: \"others\", first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          ...AiArtistFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.AiArtistsDocument,
    "\n  query AiArtist($id: ID!, $first: Int!, $after: String) {\n    aiArtist(id: $id) {\n      ...AiArtistFields\n      songsConnection(first: $first, after: $after) {\n        ...LibrarySongPage\n      }\n    }\n  }\n": typeof types.AiArtistDocument,
    "\n  mutation CreateAiArtist($input: AiArtistInput!) {\n    createAiArtist(input: $input) {\n      ...AiArtistFields\n    }\n  }\n": typeof types.CreateAiArtistDocument,
    "\n  mutation UpdateAiArtist($id: ID!, $input: AiArtistInput!) {\n    updateAiArtist(id: $id, input: $input) {\n      ...AiArtistFields\n    }\n  }\n": typeof types.UpdateAiArtistDocument,
    "\n  mutation DeleteAiArtist($id: ID!) {\n    deleteAiArtist(id: $id)\n  }\n": typeof types.DeleteAiArtistDocument,
    "\n  query AiArtistChoices {\n    aiArtists {\n      id\n      name\n      isMine\n      voiceType\n    }\n  }\n": typeof types.AiArtistChoicesDocument,
    "\n  query Me {\n    me {\n      id\n      username\n      email\n      avatarUrl\n      userTier\n      subscriptionStatus\n      monthlyGenerationLimit\n      canAccessAdmin\n      canGenerateMusic\n      canAccessDJ\n      canManageSongs\n      adminOverride\n    }\n  }\n": typeof types.MeDocument,
    "\n  mutation ExtendSong($input: ExtendSongInput!) {\n    extendSong(input: $input) {\n      id\n      status\n      title\n    }\n  }\n": typeof types.ExtendSongDocument,
    "\n  mutation CoverSong($input: CoverSongInput!) {\n    coverSong(input: $input) {\n      id\n      status\n      title\n    }\n  }\n": typeof types.CoverSongDocument,
    "\n  mutation EditSongLyrics($input: EditSongLyricsInput!) {\n    editSongLyrics(input: $input) {\n      id\n      status\n      title\n    }\n  }\n": typeof types.EditSongLyricsDocument,
    "\n  fragment DjSetFields on DjSet {\n    active\n    voiceEnabled\n    voiceAvailable\n    voiceMessage\n    explanation\n    meanEnergyError\n    compatibleShare\n    dislikedCount\n    targetCurve {\n      minutes\n      energy\n    }\n    current {\n      ...DjEntryFields\n    }\n    upcoming {\n      ...DjEntryFields\n    }\n  }\n": typeof types.DjSetFieldsFragmentDoc,
    "\n  fragment DjEntryFields on DjEntry {\n    startsInSeconds\n    energy\n    targetEnergy\n    camelot\n    pinned\n    planned\n    linkText\n    transition {\n      kind\n      seconds\n      harmonic\n      tempo\n    }\n    song {\n      id\n      title\n      artist\n      genre\n      mood\n      bpm\n      key\n      duration\n      coverUrl\n      thumbnailUrl\n    }\n  }\n": typeof types.DjEntryFieldsFragmentDoc,
    "\n  query DjSet($timezone: String) {\n    djSet(timezone: $timezone) {\n      ...DjSetFields\n    }\n  }\n": typeof types.DjSetDocument,
    "\n  mutation StartDj($timezone: String) {\n    startDj(timezone: $timezone) {\n      set {\n        ...DjSetFields\n      }\n      queue {\n        ...PlayerQueueFields\n      }\n    }\n  }\n": typeof types.StartDjDocument,
    "\n  mutation StopDj {\n    stopDj {\n      ...DjSetFields\n    }\n  }\n": typeof types.StopDjDocument,
    "\n  mutation PinDjSong($songId: ID!, $pinned: Boolean!) {\n    pinDjSong(songId: $songId, pinned: $pinned) {\n      ...DjSetFields\n    }\n  }\n": typeof types.PinDjSongDocument,
    "\n  mutation RemoveDjSong($songId: ID!) {\n    removeDjSong(songId: $songId) {\n      ...DjSetFields\n    }\n  }\n": typeof types.RemoveDjSongDocument,
    "\n  mutation MoveDjSong($songId: ID!, $toIndex: Int!) {\n    moveDjSong(songId: $songId, toIndex: $toIndex) {\n      ...DjSetFields\n    }\n  }\n": typeof types.MoveDjSongDocument,
    "\n  mutation RegenerateDjSet {\n    regenerateDjSet {\n      ...DjSetFields\n    }\n  }\n": typeof types.RegenerateDjSetDocument,
    "\n  mutation SetDjVoice($enabled: Boolean!) {\n    setDjVoice(enabled: $enabled) {\n      ...DjSetFields\n    }\n  }\n": typeof types.SetDjVoiceDocument,
    "\n  query SongDownloads($songId: ID!) {\n    songDownloads(songId: $songId) {\n      songId\n      mp3Url\n      wavUrl\n      zipUrl\n      stems {\n        stem\n        url\n      }\n      unavailableReason\n    }\n  }\n": typeof types.SongDownloadsDocument,
    "\n  mutation CreateVariation($songId: ID!) {\n    createVariation(songId: $songId) {\n      id\n      status\n      title\n    }\n  }\n": typeof types.CreateVariationDocument,
    "\n  subscription GenerationUpdated {\n    generationUpdated {\n      requestId\n      status\n      createdAt\n      title\n      genres\n      moods\n      error\n      progress {\n        stage\n        percentage\n      }\n    }\n  }\n": typeof types.GenerationUpdatedDocument,
    "\n  fragment GenerationFields on GenerationRequest {\n    id\n    status\n    prompt\n    title\n    genres\n    moods\n    error\n    failedAtStep\n    retryCount\n    durationSeconds\n    stages\n    createdAt\n    completedAt\n    progress {\n      stage\n      percentage\n    }\n  }\n": typeof types.GenerationFieldsFragmentDoc,
    "\n  query Generations($first: Int, $after: String) {\n    generations(first: $first, after: $after) {\n      nodes {\n        ...GenerationFields\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n": typeof types.GenerationsDocument,
    "\n  mutation RetryGeneration($id: ID!) {\n    retryGeneration(id: $id) {\n      ...GenerationFields\n    }\n  }\n": typeof types.RetryGenerationDocument,
    "\n  mutation CancelGeneration($id: ID!) {\n    cancelGeneration(id: $id) {\n      ...GenerationFields\n    }\n  }\n": typeof types.CancelGenerationDocument,
    "\n  query Home {\n    home {\n      recentlyPlayed {\n        ...LibrarySongFields\n      }\n      latestCreations {\n        ...LibrarySongFields\n      }\n      recentlyLiked {\n        ...LibrarySongFields\n      }\n      madeForYou {\n        ...LibrarySongFields\n      }\n    }\n  }\n": typeof types.HomeDocument,
    "\n  fragment LibrarySongFields on Song {\n    id\n    title\n    artist\n    duration\n    audioUrl\n    coverUrl\n    thumbnailUrl\n    genre\n    mood\n    isLiked\n    likeCount\n    playCount\n    createdAt\n  }\n": typeof types.LibrarySongFieldsFragmentDoc,
    "\n  query LibrarySongs($first: Int!, $after: ID, $genre: String, $mine: Boolean!) {\n    songs(first: $first, after: $after, genre: $genre, mine: $mine) {\n      songs {\n        ...LibrarySongFields\n        moderationOutcome {\n          status\n          moderatorNotes\n          regeneration {\n            status\n            error\n            decision\n          }\n        }\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n": typeof types.LibrarySongsDocument,
    "\n  fragment LibrarySongPage on SongConnection {\n    edges {\n      cursor\n      node {\n        ...LibrarySongFields\n      }\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n": typeof types.LibrarySongPageFragmentDoc,
    "\n  query LikedSongs($first: Int!, $after: String) {\n    likedSongsConnection(first: $first, after: $after) {\n      totalCount\n      ...LibrarySongPage\n    }\n  }\n": typeof types.LikedSongsDocument,
    "\n  fragment EnergyCurvesFields on EnergyCurves {\n    perWeekday\n    everyDay {\n      hour\n      energy\n    }\n    weekdays {\n      monday { hour energy }\n      tuesday { hour energy }\n      wednesday { hour energy }\n      thursday { hour energy }\n      friday { hour energy }\n      saturday { hour energy }\n      sunday { hour energy }\n    }\n    moods {\n      morning\n      afternoon\n      evening\n      night\n    }\n  }\n": typeof types.EnergyCurvesFieldsFragmentDoc,
    "\n  fragment ScheduleOverrideFields on ScheduleOverride {\n    id\n    name\n    description\n    energyLevel\n    preferredMoods\n    startDate\n    endDate\n    startTime\n    endTime\n    isActive\n  }\n": typeof types.ScheduleOverrideFieldsFragmentDoc,
    "\n  query MoodTime {\n    energySchedule {\n      isDefault\n      timezone\n      curves {\n        ...EnergyCurvesFields\n      }\n    }\n    energySchedulePresets {\n      id\n      name\n      description\n      curves {\n        ...EnergyCurvesFields\n      }\n    }\n    scheduleOverrides {\n      ...ScheduleOverrideFields\n    }\n    radioDials {\n      moods\n    }\n  }\n": typeof types.MoodTimeDocument,
    "\n  query EnergyNow($timezone: String) {\n    energyNow(timezone: $timezone) {\n      energy\n      moods\n      source\n      explanation\n    }\n  }\n": typeof types.EnergyNowDocument,
    "\n  mutation SaveEnergySchedule($curves: EnergyCurvesInput!, $timezone: String) {\n    saveEnergySchedule(curves: $curves, timezone: $timezone) {\n      isDefault\n      timezone\n      curves {\n        ...EnergyCurvesFields\n      }\n    }\n  }\n": typeof types.SaveEnergyScheduleDocument,
    "\n  mutation CreateScheduleOverride($input: ScheduleOverrideInput!) {\n    createScheduleOverride(input: $input) {\n      ...ScheduleOverrideFields\n    }\n  }\n": typeof types.CreateScheduleOverrideDocument,
    "\n  mutation UpdateScheduleOverride($id: ID!, $input: ScheduleOverrideInput!) {\n    updateScheduleOverride(id: $id, input: $input) {\n      ...ScheduleOverrideFields\n    }\n  }\n": typeof types.UpdateScheduleOverrideDocument,
    "\n  mutation SetScheduleOverrideActive($id: ID!, $isActive: Boolean!) {\n    setScheduleOverrideActive(id: $id, isActive: $isActive) {\n      ...ScheduleOverrideFields\n    }\n  }\n": typeof types.SetScheduleOverrideActiveDocument,
    "\n  mutation DeleteScheduleOverride($id: ID!) {\n    deleteScheduleOverride(id: $id)\n  }\n": typeof types.DeleteScheduleOverrideDocument,
    "\n  query EnergySchedulePresets {\n    energySchedulePresets {\n      id\n      displayOrder\n      name\n      description\n      curves {\n        ...EnergyCurvesFields\n      }\n    }\n    energySchedule {\n      curves {\n        ...EnergyCurvesFields\n      }\n    }\n  }\n": typeof types.EnergySchedulePresetsDocument,
    "\n  mutation CreateEnergySchedulePreset($input: EnergySchedulePresetInput!) {\n    createEnergySchedulePreset(input: $input) {\n      id\n    }\n  }\n": typeof types.CreateEnergySchedulePresetDocument,
    "\n  mutation UpdateEnergySchedulePreset($id: ID!, $input: EnergySchedulePresetInput!) {\n    updateEnergySchedulePreset(id: $id, input: $input) {\n      id\n      displayOrder\n      name\n      description\n    }\n  }\n": typeof types.UpdateEnergySchedulePresetDocument,
    "\n  mutation DeleteEnergySchedulePreset($id: ID!) {\n    deleteEnergySchedulePreset(id: $id)\n  }\n": typeof types.DeleteEnergySchedulePresetDocument,
    "\n  query NowPlayingSong($id: ID!) {\n    song(id: $id) {\n      id\n      title\n      artist\n      album\n      coverUrl\n      genre\n      mood\n      bpm\n      key\n      lyrics\n      lrc\n      analysis {\n        waveformPeaks\n      }\n    }\n  }\n": typeof types.NowPlayingSongDocument,
    "\n  query RemainingQuota {\n    myPlan {\n      generationsLeft\n      limits {\n        monthlyGenerations\n      }\n    }\n  }\n": typeof types.RemainingQuotaDocument,
    "\n  fragment PlanFields on Plan {\n    tier\n    status\n    expiresAt\n    timezone\n    monthEnd\n    generationsThisMonth\n    generationsLeft\n    activeGenerations\n    storageBytes\n    paymentProvider\n    limits {\n      ...TierLimitsFields\n    }\n  }\n": typeof types.PlanFieldsFragmentDoc,
    "\n  fragment TierLimitsFields on TierLimits {\n    tier\n    priceCents\n    monthlyGenerations\n    maxSongSeconds\n    concurrentJobs\n    queuePriority\n    extendedFeatures\n    storageBytes\n  }\n": typeof types.TierLimitsFieldsFragmentDoc,
    "\n  query Pricing {\n    tiers {\n      ...TierLimitsFields\n    }\n    myPlan {\n      ...PlanFields\n    }\n  }\n": typeof types.PricingDocument,
    "\n  mutation RedeemPlanCode($code: String!) {\n    redeemPlanCode(code: $code) {\n      ...PlanFields\n    }\n  }\n": typeof types.RedeemPlanCodeDocument,
    "\n  mutation CancelSubscription {\n    cancelSubscription {\n      ...PlanFields\n    }\n  }\n": typeof types.CancelSubscriptionDocument,
    "\n  fragment PlanCodeFields on PlanCode {\n    id\n    codeHint\n    tier\n    durationDays\n    expiresAt\n    note\n    createdBy\n    createdAt\n    redeemedBy\n    redeemedAt\n    revokedBy\n    revokedAt\n  }\n": typeof types.PlanCodeFieldsFragmentDoc,
    "\n  query PlanCodes {\n    planCodes {\n      ...PlanCodeFields\n    }\n  }\n": typeof types.PlanCodesDocument,
    "\n  mutation IssuePlanCodes($input: IssuePlanCodesInput!) {\n    issuePlanCodes(input: $input) {\n      codes\n      planCodes {\n        ...PlanCodeFields\n      }\n    }\n  }\n": typeof types.IssuePlanCodesDocument,
    "\n  mutation RevokePlanCode($id: ID!) {\n    revokePlanCode(id: $id) {\n      ...PlanCodeFields\n    }\n  }\n": typeof types.RevokePlanCodeDocument,
    "\n  mutation StartCheckout($tier: String!) {\n    startCheckout(tier: $tier)\n  }\n": typeof types.StartCheckoutDocument,
    "\n  mutation OpenBillingPortal {\n    openBillingPortal\n  }\n": typeof types.OpenBillingPortalDocument,
    "\n  fragment PlayerQueueFields on Queue {\n    version\n    radioGenre\n    djActive\n    currentSong {\n      ...PlayerSongFields\n    }\n    upcomingQueue {\n      ...PlayerSongFields\n    }\n    playHistory {\n      id\n      title\n      artist\n      duration\n      audioUrl\n      coverUrl\n      thumbnailUrl\n      genre\n      mood\n    }\n  }\n\n  fragment PlayerSongFields on Song {\n    id\n    title\n    artist\n    duration\n    audioUrl\n    coverUrl\n    thumbnailUrl\n    genre\n    mood\n    isLiked\n    likeCount\n  }\n": typeof types.PlayerQueueFieldsFragmentDoc,
    "\n  query PlayerSongAnalysis($id: ID!) {\n    song(id: $id) {\n      id\n      analysis {\n        ...PlayerAnalysisFields\n      }\n    }\n  }\n\n  fragment PlayerAnalysisFields on SongAnalysis {\n    durationSeconds\n    bpm\n    beatOffsetSeconds\n    integratedLufs\n    introEndSeconds\n    outroStartSeconds\n    silenceRanges {\n      start\n      end\n    }\n  }\n": typeof types.PlayerSongAnalysisDocument,
    "\n  query PlayerQueue {\n    queue {\n      ...PlayerQueueFields\n    }\n  }\n": typeof types.PlayerQueueDocument,
    "\n  mutation NextSong {\n    nextSong {\n      ...PlayerQueueFields\n    }\n  }\n": typeof types.NextSongDocument,
    "\n  mutation PreviousSong {\n    previousSong {\n      ...PlayerQueueFields\n    }\n  }\n": typeof types.PreviousSongDocument,
    "\n  mutation AutoAdvance($finishedSongId: ID!) {\n    autoAdvance(finishedSongId: $finishedSongId) {\n      ...PlayerQueueFields\n    }\n  }\n": typeof types.AutoAdvanceDocument,
    "\n  mutation PlaySong($id: ID!, $isGenreSelection: Boolean!) {\n    playSong(id: $id, isGenreSelection: $isGenreSelection) {\n      ...PlayerQueueFields\n    }\n  }\n": typeof types.PlaySongDocument,
    "\n  subscription QueueChanged {\n    queueChanged {\n      ...PlayerQueueFields\n    }\n  }\n": typeof types.QueueChangedDocument,
    "\n  query MixerSettings {\n    mixerSettings {\n      ...MixerSettingsFields\n    }\n  }\n\n  fragment MixerSettingsFields on MixerSettings {\n    crossfadeEnabled\n    crossfadeDuration\n    mixTightness\n    djModeEnabled\n    silenceEliminationEnabled\n    beatMatchedTransitions\n  }\n": typeof types.MixerSettingsDocument,
    "\n  mutation SaveMixerSettings($input: MixerSettingsInput!) {\n    saveMixerSettings(input: $input) {\n      ...MixerSettingsFields\n    }\n  }\n": typeof types.SaveMixerSettingsDocument,
    "\n  fragment SongLikeFields on Song {\n    id\n    isLiked\n    likeCount\n  }\n": typeof types.SongLikeFieldsFragmentDoc,
    "\n  mutation LikeSong($songId: ID!) {\n    like(songId: $songId) {\n      ...SongLikeFields\n    }\n  }\n": typeof types.LikeSongDocument,
    "\n  mutation UnlikeSong($songId: ID!) {\n    unlike(songId: $songId) {\n      ...SongLikeFields\n    }\n  }\n": typeof types.UnlikeSongDocument,
    "\n  query DjVoiceLink($fromSongId: ID!, $toSongId: ID!) {\n    djVoiceLink(fromSongId: $fromSongId, toSongId: $toSongId) {\n      text\n      audioUrl\n      durationSeconds\n    }\n  }\n": typeof types.DjVoiceLinkDocument,
    "\n  query GenerationStreamOutcome($id: ID!) {\n    generation(id: $id) {\n      id\n      status\n      song {\n        ...PlayerSongFields\n      }\n    }\n  }\n": typeof types.GenerationStreamOutcomeDocument,
    "\n  fragment PlaylistSummaryFields on Playlist {\n    id\n    name\n    description\n    isPublic\n    isOwner\n    ownerName\n    songCount\n    totalDuration\n    coverUrls\n    updatedAt\n  }\n\n  fragment PlaylistDetailFields on Playlist {\n    ...PlaylistSummaryFields\n    songs {\n      position\n      addedAt\n      song {\n        ...LibrarySongFields\n      }\n    }\n  }\n": typeof types.PlaylistSummaryFieldsFragmentDoc,
    "\n  query Playlists {\n    playlists {\n      ...PlaylistSummaryFields\n    }\n  }\n": typeof types.PlaylistsDocument,
    "\n  query Playlist($id: ID!) {\n    playlist(id: $id) {\n      ...PlaylistDetailFields\n    }\n  }\n": typeof types.PlaylistDocument,
    "\n  mutation CreatePlaylist($name: String!, $songIds: [ID!]) {\n    createPlaylist(name: $name, songIds: $songIds) {\n      ...PlaylistDetailFields\n    }\n  }\n": typeof types.CreatePlaylistDocument,
    "\n  mutation RenamePlaylist($id: ID!, $name: String!) {\n    renamePlaylist(id: $id, name: $name) {\n      ...PlaylistSummaryFields\n    }\n  }\n": typeof types.RenamePlaylistDocument,
    "\n  mutation DescribePlaylist($id: ID!, $description: String) {\n    describePlaylist(id: $id, description: $description) {\n      ...PlaylistSummaryFields\n    }\n  }\n": typeof types.DescribePlaylistDocument,
    "\n  mutation SetPlaylistPublic($id: ID!, $isPublic: Boolean!) {\n    setPlaylistPublic(id: $id, isPublic: $isPublic) {\n      ...PlaylistSummaryFields\n    }\n  }\n": typeof types.SetPlaylistPublicDocument,
    "\n  mutation DeletePlaylist($id: ID!) {\n    deletePlaylist(id: $id)\n  }\n": typeof types.DeletePlaylistDocument,
    "\n  mutation AddSongsToPlaylist($id: ID!, $songIds: [ID!]!) {\n    addSongsToPlaylist(id: $id, songIds: $songIds) {\n      ...PlaylistDetailFields\n    }\n  }\n": typeof types.AddSongsToPlaylistDocument,
    "\n  mutation RemoveSongsFromPlaylist($id: ID!, $songIds: [ID!]!) {\n    removeSongsFromPlaylist(id: $id, songIds: $songIds) {\n      ...PlaylistDetailFields\n    }\n  }\n": typeof types.RemoveSongsFromPlaylistDocument,
    "\n  mutation MoveSongInPlaylist($id: ID!, $songId: ID!, $toPosition: Int!) {\n    moveSongInPlaylist(id: $id, songId: $songId, toPosition: $toPosition) {\n      ...PlaylistDetailFields\n    }\n  }\n": typeof types.MoveSongInPlaylistDocument,
    "\n  mutation DuplicatePlaylist($id: ID!) {\n    duplicatePlaylist(id: $id) {\n      ...PlaylistDetailFields\n    }\n  }\n": typeof types.DuplicatePlaylistDocument,
    "\n  mutation PlayPlaylist($id: ID!, $startSongId: ID, $shuffle: Boolean!) {\n    playPlaylist(id: $id, startSongId: $startSongId, shuffle: $shuffle) {\n      ...PlayerQueueFields\n    }\n  }\n": typeof types.PlayPlaylistDocument,
    "\n  mutation EnqueuePlaylist($id: ID!, $next: Boolean!) {\n    enqueuePlaylist(id: $id, next: $next) {\n      ...PlayerQueueFields\n    }\n  }\n": typeof types.EnqueuePlaylistDocument,
    "\n  subscription PlaylistChanged($playlistId: ID) {\n    playlistChanged(playlistId: $playlistId) {\n      playlistId\n      playlist {\n        ...PlaylistDetailFields\n      }\n    }\n  }\n": typeof types.PlaylistChangedDocument,
    "\n  fragment ProfileFields on Profile {\n    userId\n    username\n    displayName\n    bio\n    avatarUrl\n    avatarSmallUrl\n    isOwn\n    memberSince\n    stats {\n      songsCreated\n      plays\n      likesReceived\n      topGenres {\n        genre\n        songs\n      }\n    }\n  }\n": typeof types.ProfileFieldsFragmentDoc,
    "\n  fragment ProfileListsFields on Profile {\n    userId\n    songsConnection(first: $songsFirst) {\n      ...LibrarySongPage\n    }\n    playlistsConnection(first: $playlistsFirst) {\n      ...ProfilePlaylistsPage\n    }\n  }\n": typeof types.ProfileListsFieldsFragmentDoc,
    "\n  fragment ProfilePlaylistsPage on PlaylistConnection {\n    edges {\n      cursor\n      node {\n        id\n        name\n        songCount\n      }\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n": typeof types.ProfilePlaylistsPageFragmentDoc,
    "\n  query MyProfile($songsFirst: Int!, $playlistsFirst: Int!) {\n    myProfile {\n      ...ProfileFields\n      ...ProfileListsFields\n    }\n  }\n": typeof types.MyProfileDocument,
    "\n  query PublicProfile($username: String!, $songsFirst: Int!, $playlistsFirst: Int!) {\n    profile(username: $username) {\n      ...ProfileFields\n      ...ProfileListsFields\n    }\n  }\n": typeof types.PublicProfileDocument,
    "\n  query ProfileSongsPage($username: String!, $first: Int!, $after: String) {\n    profile(username: $username) {\n      userId\n      songsConnection(first: $first, after: $after) {\n        ...LibrarySongPage\n      }\n    }\n  }\n": typeof types.ProfileSongsPageDocument,
    "\n  query ProfilePlaylistsPage($username: String!, $first: Int!, $after: String) {\n    profile(username: $username) {\n      userId\n      playlistsConnection(first: $first, after: $after) {\n        ...ProfilePlaylistsPage\n      }\n    }\n  }\n": typeof types.ProfilePlaylistsPageDocument,
    "\n  mutation UpdateProfileDetails($displayName: String, $bio: String) {\n    updateProfileDetails(displayName: $displayName, bio: $bio) {\n      ...ProfileFields\n    }\n  }\n": typeof types.UpdateProfileDetailsDocument,
    "\n  mutation RemoveAvatar {\n    removeAvatar {\n      ...ProfileFields\n    }\n  }\n": typeof types.RemoveAvatarDocument,
    "\n  mutation Enqueue($songId: ID!) {\n    enqueue(songId: $songId) {\n      ...PlayerQueueFields\n    }\n  }\n": typeof types.EnqueueDocument,
    "\n  mutation PlayNext($songId: ID!) {\n    playNext(songId: $songId) {\n      ...PlayerQueueFields\n    }\n  }\n": typeof types.PlayNextDocument,
    "\n  mutation MoveInQueue($from: Int!, $to: Int!) {\n    moveInQueue(from: $from, to: $to) {\n      ...PlayerQueueFields\n    }\n  }\n": typeof types.MoveInQueueDocument,
    "\n  mutation RemoveFromQueue($index: Int!) {\n    removeFromQueue(index: $index) {\n      ...PlayerQueueFields\n    }\n  }\n": typeof types.RemoveFromQueueDocument,
    "\n  mutation ClearQueue {\n    clearQueue {\n      ...PlayerQueueFields\n    }\n  }\n": typeof types.ClearQueueDocument,
    "\n  mutation PlaySongs($songIds: [ID!]!, $startIndex: Int!) {\n    playSongs(songIds: $songIds, startIndex: $startIndex) {\n      ...PlayerQueueFields\n    }\n  }\n": typeof types.PlaySongsDocument,
    "\n  mutation PlaySmartPlaylist($id: ID!, $shuffle: Boolean!) {\n    playSmartPlaylist(id: $id, shuffle: $shuffle) {\n      ...PlayerQueueFields\n    }\n  }\n": typeof types.PlaySmartPlaylistDocument,
    "\n  mutation PlayAiArtist($id: ID!) {\n    playAiArtist(id: $id) {\n      ...PlayerQueueFields\n    }\n  }\n": typeof types.PlayAiArtistDocument,
    "\n  fragment RadioStationFields on RadioStation {\n    id\n    genre\n    mood\n    description\n    songCount\n    isActive\n    displayOrder\n    artUrl\n    songsAvailable\n    songsInMaking\n  }\n": typeof types.RadioStationFieldsFragmentDoc,
    "\n  query RadioStations($includeInactive: Boolean!) {\n    radioStations(includeInactive: $includeInactive) {\n      ...RadioStationFields\n    }\n  }\n": typeof types.RadioStationsDocument,
    "\n  mutation UpdateRadioStation($id: ID!, $input: RadioStationInput!) {\n    updateRadioStation(id: $id, input: $input) {\n      ...RadioStationFields\n    }\n  }\n": typeof types.UpdateRadioStationDocument,
    "\n  mutation CreateRadioStation($input: NewRadioStationInput!) {\n    createRadioStation(input: $input) {\n      ...RadioStationFields\n    }\n  }\n": typeof types.CreateRadioStationDocument,
    "\n  mutation PlayRadioStation($genre: String!) {\n    playRadioStation(genre: $genre) {\n      ...PlayerQueueFields\n    }\n  }\n": typeof types.PlayRadioStationDocument,
    "\n  fragment RadioTuningFields on RadioTuning {\n    genres\n    moods\n    energy\n    tempoMin\n    tempoMax\n    freshness\n  }\n": typeof types.RadioTuningFieldsFragmentDoc,
    "\n  query RadioDials {\n    radioDials {\n      genres\n      moods\n      defaults {\n        ...RadioTuningFields\n      }\n    }\n    queue {\n      radioTuning {\n        ...RadioTuningFields\n      }\n    }\n  }\n": typeof types.RadioDialsDocument,
    "\n  mutation TuneRadio($tuning: RadioTuningInput!) {\n    tuneRadio(tuning: $tuning) {\n      songsRequested\n      songsInProgress\n      note\n      queue {\n        ...PlayerQueueFields\n      }\n    }\n  }\n": typeof types.TuneRadioDocument,
    "\n  query Search($text: String!) {\n    search(text: $text) {\n      songs {\n        ...LibrarySongFields\n      }\n      playlists {\n        id\n        name\n        ownerName\n        isOwner\n        songCount\n        coverUrls\n      }\n      artists {\n        name\n        songCount\n        coverUrl\n      }\n    }\n  }\n": typeof types.SearchDocument,
    "\n  mutation PlayArtist($name: String!) {\n    playArtist(name: $name) {\n      ...PlayerQueueFields\n    }\n  }\n": typeof types.PlayArtistDocument,
    "\n  fragment PreferencesFields on Preferences {\n    theme\n    shuffleEnabled\n    repeatMode\n    crossfadeEnabled\n    crossfadeDuration\n    mixTightness\n    preferredGenres\n    preferredMoods\n  }\n": typeof types.PreferencesFieldsFragmentDoc,
    "\n  query Preferences {\n    preferences {\n      ...PreferencesFields\n    }\n  }\n": typeof types.PreferencesDocument,
    "\n  mutation UpdatePreferences($input: PreferencesInput!) {\n    updatePreferences(input: $input) {\n      ...PreferencesFields\n    }\n  }\n": typeof types.UpdatePreferencesDocument,
    "\n  subscription PreferencesChanged {\n    preferencesChanged {\n      ...PreferencesFields\n    }\n  }\n": typeof types.PreferencesChangedDocument,
    "\n  query GenerationDefaults {\n    me {\n      id\n      defaultDuration\n      generateAlbumArt\n      generateLyrics\n    }\n  }\n": typeof types.GenerationDefaultsDocument,
    "\n  mutation UpdateGenerationDefaults($input: ProfileInput!) {\n    updateProfile(input: $input) {\n      id\n      defaultDuration\n      generateAlbumArt\n      generateLyrics\n    }\n  }\n": typeof types.UpdateGenerationDefaultsDocument,
    "\n  fragment SmartPlaylistFields on SmartPlaylist {\n    id\n    name\n    rules\n    updatedAt\n  }\n": typeof types.SmartPlaylistFieldsFragmentDoc,
    "\n  query SmartPlaylists {\n    smartPlaylists {\n      ...SmartPlaylistFields\n    }\n    smartPlaylistPresets {\n      name\n      description\n      rules\n    }\n  }\n": typeof types.SmartPlaylistsDocument,
    "\n  query SmartPlaylistSongs($rules: JSONObject!, $first: Int) {\n    smartPlaylistSongs(rules: $rules, first: $first) {\n      count\n      songs {\n        ...LibrarySongFields\n      }\n    }\n  }\n": typeof types.SmartPlaylistSongsDocument,
    "\n  mutation CreateSmartPlaylist($name: String!, $rules: JSONObject!) {\n    createSmartPlaylist(name: $name, rules: $rules) {\n      ...SmartPlaylistFields\n    }\n  }\n": typeof types.CreateSmartPlaylistDocument,
    "\n  mutation UpdateSmartPlaylist($id: ID!, $name: String, $rules: JSONObject) {\n    updateSmartPlaylist(id: $id, name: $name, rules: $rules) {\n      ...SmartPlaylistFields\n    }\n  }\n": typeof types.UpdateSmartPlaylistDocument,
    "\n  mutation DeleteSmartPlaylist($id: ID!) {\n    deleteSmartPlaylist(id: $id)\n  }\n": typeof types.DeleteSmartPlaylistDocument,
    "\n  fragment ManagedSongFields on ManagedSong {\n    id\n    title\n    artist\n    genre\n    mood\n    lyrics\n    lrc\n    duration\n    audioUrl\n    coverUrl\n    thumbnailUrl\n    isPublic\n    canBeShared\n    ownerName\n    playCount\n    likeCount\n    createdAt\n  }\n": typeof types.ManagedSongFieldsFragmentDoc,
    "\n  query ManagedSongs($all: Boolean!, $first: Int!, $after: String) {\n    managedSongsConnection(all: $all, first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          ...ManagedSongFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.ManagedSongsDocument,
    "\n  query CoverChoices {\n    coverChoices {\n      songId\n      title\n      coverUrl\n      thumbnailUrl\n    }\n  }\n": typeof types.CoverChoicesDocument,
    "\n  mutation UpdateManagedSong($id: ID!, $input: ManagedSongInput!) {\n    updateManagedSong(id: $id, input: $input) {\n      ...ManagedSongFields\n    }\n  }\n": typeof types.UpdateManagedSongDocument,
    "\n  mutation SetSongsVisibility($songIds: [ID!]!, $isPublic: Boolean, $canBeShared: Boolean) {\n    setSongsVisibility(songIds: $songIds, isPublic: $isPublic, canBeShared: $canBeShared) {\n      ...ManagedSongFields\n    }\n  }\n": typeof types.SetSongsVisibilityDocument,
    "\n  mutation DeleteSongs($songIds: [ID!]!) {\n    deleteSongs(songIds: $songIds)\n  }\n": typeof types.DeleteSongsDocument,
    "\n  query StudioDefaults {\n    me {\n      id\n      defaultDuration\n      generateAlbumArt\n      generateLyrics\n    }\n    myPlan {\n      tier\n      generationsLeft\n      limits {\n        monthlyGenerations\n        maxSongSeconds\n      }\n    }\n  }\n": typeof types.StudioDefaultsDocument,
    "\n  fragment SongPlanFields on SongPlan {\n    genre\n    mood\n    bpm\n    key\n    instruments\n    title\n    durationSeconds\n    seed\n    withLyrics\n    withCoverArt\n    summary\n  }\n": typeof types.SongPlanFieldsFragmentDoc,
    "\n  query PlanSong($input: GenerateSongInput!) {\n    planSong(input: $input) {\n      ...SongPlanFields\n    }\n  }\n": typeof types.PlanSongDocument,
    "\n  mutation GenerateSong($input: GenerateSongInput!) {\n    generateSong(input: $input) {\n      id\n      status\n      progress {\n        stage\n        percentage\n      }\n      stages\n    }\n  }\n": typeof types.GenerateSongDocument,
    "\n  query GenerationResult($id: ID!) {\n    generation(id: $id) {\n      id\n      status\n      error\n      progress {\n        stage\n        percentage\n      }\n      stages\n      plan {\n        ...SongPlanFields\n      }\n      song {\n        id\n        title\n        artist\n        audioUrl\n        coverUrl\n        thumbnailUrl\n        duration\n        bpm\n        key\n        lyrics\n        genre\n        mood\n      }\n    }\n  }\n": typeof types.GenerationResultDocument,
    "\n  query UsageBreakdown($month: String, $allUsers: Boolean) {\n    usageBreakdown(month: $month, allUsers: $allUsers) {\n      month\n      timezone\n      months\n      allUsers\n      costModel {\n        cpuSecondPrice\n        gbMonthPrice\n        source\n      }\n      totals {\n        generations\n        audioSeconds\n        cpuSeconds\n        wallSeconds\n        queueWaitSeconds\n        retries\n        storageBytes\n        cost\n      }\n      days {\n        date\n        generations\n        cpuSeconds\n        cost\n      }\n      stages {\n        stage\n        cpuSeconds\n        cost\n      }\n      genres {\n        genre\n        generations\n        cost\n      }\n      topSongs {\n        requestId\n        title\n        genre\n        username\n        createdAt\n        cpuSeconds\n        storageBytes\n        cost\n      }\n      storage {\n        bytes\n        monthlyCost\n      }\n      users {\n        userId\n        username\n        generations\n        cpuSeconds\n        storageBytes\n        cost\n      }\n    }\n  }\n": typeof types.UsageBreakdownDocument,
};
const documents: Documents = {
    "\n  query Account {\n    me {\n      id\n      email\n      hasAudioProviderKey\n    }\n    audioProviderKeyLast4\n    activeSessions {\n      id\n      device\n      ip\n      lastSeenAt\n      current\n    }\n  }\n": types.AccountDocument,
    "\n  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword)\n  }\n": types.ChangePasswordDocument,
    "\n  mutation ChangeEmail($currentPassword: String!, $email: String!) {\n    changeEmail(currentPassword: $currentPassword, email: $email) {\n      id\n      email\n    }\n  }\n": types.ChangeEmailDocument,
    "\n  mutation RevokeSession($id: ID!) {\n    revokeSession(id: $id)\n  }\n": types.RevokeSessionDocument,
    "\n  mutation SetAudioProviderKey($apiKey: String) {\n    setAudioProviderKey(apiKey: $apiKey)\n  }\n": types.SetAudioProviderKeyDocument,
    "\n  mutation DeleteAccount($currentPassword: String!) {\n    deleteAccount(currentPassword: $currentPassword)\n  }\n": types.DeleteAccountDocument,
    "\n  query ApiCredentials {\n    appPasswords {\n      id\n      name\n      createdAt\n      lastUsedAt\n    }\n    accessTokens {\n      id\n      name\n      createdAt\n      lastUsedAt\n      last4\n    }\n  }\n": types.ApiCredentialsDocument,
    "\n  mutation CreateAppPassword($name: String!) {\n    createAppPassword(name: $name) {\n      secret\n      credential {\n        id\n      }\n    }\n  }\n": types.CreateAppPasswordDocument,
    "\n  mutation RevokeAppPassword($id: ID!) {\n    revokeAppPassword(id: $id)\n  }\n": types.RevokeAppPasswordDocument,
    "\n  mutation CreateAccessToken($name: String!) {\n    createAccessToken(name: $name) {\n      secret\n      credential {\n        id\n      }\n    }\n  }\n": types.CreateAccessTokenDocument,
    "\n  mutation RevokeAccessToken($id: ID!) {\n    revokeAccessToken(id: $id)\n  }\n": types.RevokeAccessTokenDocument,
    "\n  query AdminOverview {\n    adminOverview {\n      users\n      songs\n      generationsToday\n      generationsThisMonth\n      failuresToday\n      queueDepth {\n        status\n        count\n      }\n      workers {\n        id\n        host\n        pid\n        concurrency\n        jobsRunning\n        engineVersion\n        lastHeartbeatAt\n      }\n      completedLastHour\n      mediaBytes\n      databaseBytes\n      postgres {\n        status\n        detail\n      }\n      redis {\n        status\n        detail\n      }\n      appVersion\n      generatedAt\n    }\n  }\n": types.AdminOverviewDocument,
    "\n  fragment AdminUserFields on AdminUser {\n    id\n    username\n    email\n    userTier\n    monthlyGenerationLimit\n    canGenerateMusic\n    canManageSongs\n    canAccessAdmin\n    canAccessDJ\n    adminOverride\n    isAdmin\n    disabled\n    createdAt\n  }\n": types.AdminUserFieldsFragmentDoc,
    "\n  query AdminUsers($search: String, $first: Int, $offset: Int) {\n    adminUsers(search: $search, first: $first, offset: $offset) {\n      total\n      users {\n        ...AdminUserFields\n      }\n    }\n  }\n": types.AdminUsersDocument,
    "\n  mutation UpdateUserRights($id: ID!, $changes: AdminUserChangesInput!) {\n    updateUserRights(id: $id, changes: $changes) {\n      ...AdminUserFields\n    }\n  }\n": types.UpdateUserRightsDocument,
    "\n  mutation SetUserDisabled($id: ID!, $disabled: Boolean!) {\n    setUserDisabled(id: $id, disabled: $disabled) {\n      ...AdminUserFields\n    }\n  }\n": types.SetUserDisabledDocument,
    "\n  mutation ForcePasswordReset($id: ID!) {\n    forcePasswordReset(id: $id) {\n      temporaryPassword\n      user {\n        ...AdminUserFields\n      }\n    }\n  }\n": types.ForcePasswordResetDocument,
    "\n  query AdminGenerations($status: String, $username: String, $first: Int, $after: String) {\n    adminGenerations(status: $status, username: $username, first: $first, after: $after) {\n      nodes {\n        username\n        priority\n        request {\n          ...GenerationFields\n        }\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n": types.AdminGenerationsDocument,
    "\n  mutation AdminCancelGeneration($id: ID!) {\n    adminCancelGeneration(id: $id) {\n      priority\n    }\n  }\n": types.AdminCancelGenerationDocument,
    "\n  mutation AdminRetryGeneration($id: ID!) {\n    adminRetryGeneration(id: $id) {\n      priority\n    }\n  }\n": types.AdminRetryGenerationDocument,
    "\n  mutation SetGenerationPriority($id: ID!, $priority: Int!) {\n    setGenerationPriority(id: $id, priority: $priority) {\n      priority\n    }\n  }\n": types.SetGenerationPriorityDocument,
    "\n  query ModerationQueue($status: String) {\n    moderationQueue(status: $status) {\n      id\n      songId\n      songTitle\n      songArtist\n      songModerationStatus\n      highlightedLyrics {\n        text\n        flagged\n      }\n      flaggedFor\n      flaggedWords\n      status\n      moderatorNotes\n      reviewedBy\n      reviewedAt\n      createdAt\n      analysis {\n        language\n        contentRating\n        sentiment\n        sentimentScore\n        keywords\n        themes\n        emotionalTones\n        offensiveWords\n        analysisConfidence\n      }\n    }\n  }\n": types.ModerationQueueDocument,
    "\n  mutation ReviewModeration($id: ID!, $decision: String!, $notes: String, $regeneration: RegenerationInput) {\n    reviewModeration(id: $id, decision: $decision, notes: $notes, regeneration: $regeneration) {\n      id\n      status\n      moderatorNotes\n      reviewedBy\n      reviewedAt\n      songModerationStatus\n    }\n  }\n": types.ReviewModerationDocument,
    "\n  query RegenerationRequests($status: String) {\n    regenerationRequests(status: $status) {\n      id\n      status\n      error\n      wordsToEliminate\n      replacementWords {\n        word\n        replacement\n      }\n      preservedElements\n      replacedWords {\n        word\n        replacement\n      }\n      decision\n      decidedBy\n      decidedAt\n      requestedBy\n      createdAt\n      completedAt\n      originalSong {\n        id\n        title\n        audioUrl\n        lyrics\n      }\n      newSong {\n        id\n        title\n        audioUrl\n        lyrics\n      }\n    }\n  }\n": types.RegenerationRequestsDocument,
    "\n  mutation DecideRegeneration($id: ID!, $decision: String!) {\n    decideRegeneration(id: $id, decision: $decision) {\n      id\n      decision\n    }\n  }\n": types.DecideRegenerationDocument,
    "\n  query AdminAuditLog($first: Int, $offset: Int) {\n    adminAuditLog(first: $first, offset: $offset) {\n      total\n      entries {\n        id\n        actor\n        action\n        targetType\n        targetId\n        before\n        after\n        createdAt\n      }\n    }\n  }\n": types.AdminAuditLogDocument,
    "\n  fragment EnhancementBatchFields on EnhancementBatch {\n    id\n    operations\n    selection\n    targetLufs\n    status\n    createdBy\n    createdAt\n    confirmedAt\n    total\n    done\n    counts {\n      status\n      count\n    }\n  }\n": types.EnhancementBatchFieldsFragmentDoc,
    "\n  query EnhancementBatches {\n    enhancementBatches {\n      ...EnhancementBatchFields\n    }\n  }\n": types.EnhancementBatchesDocument,
    "\n  fragment SongVersionFields on SongVersion {\n    audioUrl\n    coverUrl\n    lyrics\n    loudness\n    bpm\n    musicalKey\n    duration\n    engineVersion\n  }\n": types.SongVersionFieldsFragmentDoc,
    "\n  query EnhancementBatch($id: ID!) {\n    enhancementBatch(id: $id) {\n      ...EnhancementBatchFields\n      items {\n        id\n        songId\n        songTitle\n        status\n        notes\n        error\n        finishedAt\n        before {\n          ...SongVersionFields\n        }\n        after {\n          ...SongVersionFields\n        }\n      }\n    }\n  }\n": types.EnhancementBatchDocument,
    "\n  query EnhancementSongs {\n    songs(first: 100) {\n      songs {\n        id\n        title\n        artist\n        genre\n      }\n    }\n  }\n": types.EnhancementSongsDocument,
    "\n  mutation CreateEnhancementBatch($input: EnhancementBatchInput!) {\n    createEnhancementBatch(input: $input) {\n      ...EnhancementBatchFields\n    }\n  }\n": types.CreateEnhancementBatchDocument,
    "\n  mutation ControlEnhancementBatch($id: ID!, $action: String!) {\n    controlEnhancementBatch(id: $id, action: $action) {\n      ...EnhancementBatchFields\n    }\n  }\n": types.ControlEnhancementBatchDocument,
    "\n  mutation ConfirmEnhancementBatch($id: ID!) {\n    confirmEnhancementBatch(id: $id) {\n      ...EnhancementBatchFields\n    }\n  }\n": types.ConfirmEnhancementBatchDocument,
    "\n  mutation UndoEnhancement($itemId: ID!) {\n    undoEnhancement(itemId: $itemId) {\n      id\n      status\n    }\n  }\n": types.UndoEnhancementDocument,
    "\n  fragment ProductionSyncListFields on ProductionSyncList {\n    total\n    songs {\n      songId\n      productionId\n      title\n      artist\n      genre\n      owner\n      changedAt\n      transferredAt\n      publishable\n    }\n  }\n": types.ProductionSyncListFieldsFragmentDoc,
    "\n  query ProductionSync {\n    productionSync(first: 100) {\n      newSongs {\n        ...ProductionSyncListFields\n      }\n      changedSongs {\n        ...ProductionSyncListFields\n      }\n      deletedSongs {\n        ...ProductionSyncListFields\n      }\n      inSyncSongs {\n        ...ProductionSyncListFields\n      }\n      run {\n        id\n        status\n        total\n        transferred\n        error\n        startedBy\n        startedAt\n        finishedAt\n      }\n    }\n  }\n": types.ProductionSyncDocument,
    "\n  mutation TransferToProduction($songIds: [ID!]!) {\n    transferToProduction(songIds: $songIds) {\n      added\n      updated\n    }\n  }\n": types.TransferToProductionDocument,
    "\n  mutation StartProductionTransfer {\n    startProductionTransfer {\n      id\n      status\n    }\n  }\n": types.StartProductionTransferDocument,
    "\n  mutation UnpublishProductionSongs($productionIds: [ID!]!) {\n    unpublishProductionSongs(productionIds: $productionIds)\n  }\n": types.UnpublishProductionSongsDocument,
    "\n  fragment AiArtistFields on AiArtist {\n    id\n    name\n    bio\n    genres\n    moods\n    voiceType\n    timbre {\n      brightness\n      breathiness\n      vibrato\n    }\n    instruments\n    tempoMin\n    tempoMax\n    isPublic\n    portraitSeed\n    portraitUrl\n    portraitThumbnailUrl\n    ownerName\n    isMine\n    canEdit\n    songCount\n  }\n": types.AiArtistFieldsFragmentDoc,
    "\n  query AiArtists($first: Int!, $after: String) {\n    mine: aiArtistsConnection(owner: \"mine\", first: 50) {\n      edges {\n        cursor\n        node {\n          ...AiArtistFields\n        }\n      }\n    }\n    others: aiArtistsConnection(owner: \"others\", first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          ...AiArtistFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.AiArtistsDocument,
    "\n  query AiArtist($id: ID!, $first: Int!, $after: String) {\n    aiArtist(id: $id) {\n      ...AiArtistFields\n      songsConnection(first: $first, after: $after) {\n        ...LibrarySongPage\n      }\n    }\n  }\n": types.AiArtistDocument,
    "\n  mutation CreateAiArtist($input: AiArtistInput!) {\n    createAiArtist(input: $input) {\n      ...AiArtistFields\n    }\n  }\n": types.CreateAiArtistDocument,
    "\n  mutation UpdateAiArtist($id: ID!, $input: AiArtistInput!) {\n    updateAiArtist(id: $id, input: $input) {\n      ...AiArtistFields\n    }\n  }\n": types.UpdateAiArtistDocument,
    "\n  mutation DeleteAiArtist($id: ID!) {\n    deleteAiArtist(id: $id)\n  }\n": types.DeleteAiArtistDocument,
    "\n  query AiArtistChoices {\n    aiArtists {\n      id\n      name\n      isMine\n      voiceType\n    }\n  }\n": types.AiArtistChoicesDocument,
    "\n  query Me {\n    me {\n      id\n      username\n      email\n      avatarUrl\n      userTier\n      subscriptionStatus\n      monthlyGenerationLimit\n      canAccessAdmin\n      canGenerateMusic\n      canAccessDJ\n      canManageSongs\n      adminOverride\n    }\n  }\n": types.MeDocument,
    "\n  mutation ExtendSong($input: ExtendSongInput!) {\n    extendSong(input: $input) {\n      id\n      status\n      title\n    }\n  }\n": types.ExtendSongDocument,
    "\n  mutation CoverSong($input: CoverSongInput!) {\n    coverSong(input: $input) {\n      id\n      status\n      title\n    }\n  }\n": types.CoverSongDocument,
    "\n  mutation EditSongLyrics($input: EditSongLyricsInput!) {\n    editSongLyrics(input: $input) {\n      id\n      status\n      title\n    }\n  }\n": types.EditSongLyricsDocument,
    "\n  fragment DjSetFields on DjSet {\n    active\n    voiceEnabled\n    voiceAvailable\n    voiceMessage\n    explanation\n    meanEnergyError\n    compatibleShare\n    dislikedCount\n    targetCurve {\n      minutes\n      energy\n    }\n    current {\n      ...DjEntryFields\n    }\n    upcoming {\n      ...DjEntryFields\n    }\n  }\n": types.DjSetFieldsFragmentDoc,
    "\n  fragment DjEntryFields on DjEntry {\n    startsInSeconds\n    energy\n    targetEnergy\n    camelot\n    pinned\n    planned\n    linkText\n    transition {\n      kind\n      seconds\n      harmonic\n      tempo\n    }\n    song {\n      id\n      title\n      artist\n      genre\n      mood\n      bpm\n      key\n      duration\n      coverUrl\n      thumbnailUrl\n    }\n  }\n": types.DjEntryFieldsFragmentDoc,
    "\n  query DjSet($timezone: String) {\n    djSet(timezone: $timezone) {\n      ...DjSetFields\n    }\n  }\n": types.DjSetDocument,
    "\n  mutation StartDj($timezone: String) {\n    startDj(timezone: $timezone) {\n      set {\n        ...DjSetFields\n      }\n      queue {\n        ...PlayerQueueFields\n      }\n    }\n  }\n": types.StartDjDocument,
    "\n  mutation StopDj {\n    stopDj {\n      ...DjSetFields\n    }\n  }\n": types.StopDjDocument,
    "\n  mutation PinDjSong($songId: ID!, $pinned: Boolean!) {\n    pinDjSong(songId: $songId, pinned: $pinned) {\n      ...DjSetFields\n    }\n  }\n": types.PinDjSongDocument,
    "\n  mutation RemoveDjSong($songId: ID!) {\n    removeDjSong(songId: $songId) {\n      ...DjSetFields\n    }\n  }\n": types.RemoveDjSongDocument,
    "\n  mutation MoveDjSong($songId: ID!, $toIndex: Int!) {\n    moveDjSong(songId: $songId, toIndex: $toIndex) {\n      ...DjSetFields\n    }\n  }\n": types.MoveDjSongDocument,
    "\n  mutation RegenerateDjSet {\n    regenerateDjSet {\n      ...DjSetFields\n    }\n  }\n": types.RegenerateDjSetDocument,
    "\n  mutation SetDjVoice($enabled: Boolean!) {\n    setDjVoice(enabled: $enabled) {\n      ...DjSetFields\n    }\n  }\n": types.SetDjVoiceDocument,
    "\n  query SongDownloads($songId: ID!) {\n    songDownloads(songId: $songId) {\n      songId\n      mp3Url\n      wavUrl\n      zipUrl\n      stems {\n        stem\n        url\n      }\n      unavailableReason\n    }\n  }\n": types.SongDownloadsDocument,
    "\n  mutation CreateVariation($songId: ID!) {\n    createVariation(songId: $songId) {\n      id\n      status\n      title\n    }\n  }\n": types.CreateVariationDocument,
    "\n  subscription GenerationUpdated {\n    generationUpdated {\n      requestId\n      status\n      createdAt\n      title\n      genres\n      moods\n      error\n      progress {\n        stage\n        percentage\n      }\n    }\n  }\n": types.GenerationUpdatedDocument,
    "\n  fragment GenerationFields on GenerationRequest {\n    id\n    status\n    prompt\n    title\n    genres\n    moods\n    error\n    failedAtStep\n    retryCount\n    durationSeconds\n    stages\n    createdAt\n    completedAt\n    progress {\n      stage\n      percentage\n    }\n  }\n": types.GenerationFieldsFragmentDoc,
    "\n  query Generations($first: Int, $after: String) {\n    generations(first: $first, after: $after) {\n      nodes {\n        ...GenerationFields\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n": types.GenerationsDocument,
    "\n  mutation RetryGeneration($id: ID!) {\n    retryGeneration(id: $id) {\n      ...GenerationFields\n    }\n  }\n": types.RetryGenerationDocument,
    "\n  mutation CancelGeneration($id: ID!) {\n    cancelGeneration(id: $id) {\n      ...GenerationFields\n    }\n  }\n": types.CancelGenerationDocument,
    "\n  query Home {\n    home {\n      recentlyPlayed {\n        ...LibrarySongFields\n      }\n      latestCreations {\n        ...LibrarySongFields\n      }\n      recentlyLiked {\n        ...LibrarySongFields\n      }\n      madeForYou {\n        ...LibrarySongFields\n      }\n    }\n  }\n": types.HomeDocument,
    "\n  fragment LibrarySongFields on Song {\n    id\n    title\n    artist\n    duration\n    audioUrl\n    coverUrl\n    thumbnailUrl\n    genre\n    mood\n    isLiked\n    likeCount\n    playCount\n    createdAt\n  }\n": types.LibrarySongFieldsFragmentDoc,
    "\n  query LibrarySongs($first: Int!, $after: ID, $genre: String, $mine: Boolean!) {\n    songs(first: $first, after: $after, genre: $genre, mine: $mine) {\n      songs {\n        ...LibrarySongFields\n        moderationOutcome {\n          status\n          moderatorNotes\n          regeneration {\n            status\n            error\n            decision\n          }\n        }\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n": types.LibrarySongsDocument,
    "\n  fragment LibrarySongPage on SongConnection {\n    edges {\n      cursor\n      node {\n        ...LibrarySongFields\n      }\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n": types.LibrarySongPageFragmentDoc,
    "\n  query LikedSongs($first: Int!, $after: String) {\n    likedSongsConnection(first: $first, after: $after) {\n      totalCount\n      ...LibrarySongPage\n    }\n  }\n": types.LikedSongsDocument,
    "\n  fragment EnergyCurvesFields on EnergyCurves {\n    perWeekday\n    everyDay {\n      hour\n      energy\n    }\n    weekdays {\n      monday { hour energy }\n      tuesday { hour energy }\n      wednesday { hour energy }\n      thursday { hour energy }\n      friday { hour energy }\n      saturday { hour energy }\n      sunday { hour energy }\n    }\n    moods {\n      morning\n      afternoon\n      evening\n      night\n    }\n  }\n": types.EnergyCurvesFieldsFragmentDoc,
    "\n  fragment ScheduleOverrideFields on ScheduleOverride {\n    id\n    name\n    description\n    energyLevel\n    preferredMoods\n    startDate\n    endDate\n    startTime\n    endTime\n    isActive\n  }\n": types.ScheduleOverrideFieldsFragmentDoc,
    "\n  query MoodTime {\n    energySchedule {\n      isDefault\n      timezone\n      curves {\n        ...EnergyCurvesFields\n      }\n    }\n    energySchedulePresets {\n      id\n      name\n      description\n      curves {\n        ...EnergyCurvesFields\n      }\n    }\n    scheduleOverrides {\n      ...ScheduleOverrideFields\n    }\n    radioDials {\n      moods\n    }\n  }\n": types.MoodTimeDocument,
    "\n  query EnergyNow($timezone: String) {\n    energyNow(timezone: $timezone) {\n      energy\n      moods\n      source\n      explanation\n    }\n  }\n": types.EnergyNowDocument,
    "\n  mutation SaveEnergySchedule($curves: EnergyCurvesInput!, $timezone: String) {\n    saveEnergySchedule(curves: $curves, timezone: $timezone) {\n      isDefault\n      timezone\n      curves {\n        ...EnergyCurvesFields\n      }\n    }\n  }\n": types.SaveEnergyScheduleDocument,
    "\n  mutation CreateScheduleOverride($input: ScheduleOverrideInput!) {\n    createScheduleOverride(input: $input) {\n      ...ScheduleOverrideFields\n    }\n  }\n": types.CreateScheduleOverrideDocument,
    "\n  mutation UpdateScheduleOverride($id: ID!, $input: ScheduleOverrideInput!) {\n    updateScheduleOverride(id: $id, input: $input) {\n      ...ScheduleOverrideFields\n    }\n  }\n": types.UpdateScheduleOverrideDocument,
    "\n  mutation SetScheduleOverrideActive($id: ID!, $isActive: Boolean!) {\n    setScheduleOverrideActive(id: $id, isActive: $isActive) {\n      ...ScheduleOverrideFields\n    }\n  }\n": types.SetScheduleOverrideActiveDocument,
    "\n  mutation DeleteScheduleOverride($id: ID!) {\n    deleteScheduleOverride(id: $id)\n  }\n": types.DeleteScheduleOverrideDocument,
    "\n  query EnergySchedulePresets {\n    energySchedulePresets {\n      id\n      displayOrder\n      name\n      description\n      curves {\n        ...EnergyCurvesFields\n      }\n    }\n    energySchedule {\n      curves {\n        ...EnergyCurvesFields\n      }\n    }\n  }\n": types.EnergySchedulePresetsDocument,
    "\n  mutation CreateEnergySchedulePreset($input: EnergySchedulePresetInput!) {\n    createEnergySchedulePreset(input: $input) {\n      id\n    }\n  }\n": types.CreateEnergySchedulePresetDocument,
    "\n  mutation UpdateEnergySchedulePreset($id: ID!, $input: EnergySchedulePresetInput!) {\n    updateEnergySchedulePreset(id: $id, input: $input) {\n      id\n      displayOrder\n      name\n      description\n    }\n  }\n": types.UpdateEnergySchedulePresetDocument,
    "\n  mutation DeleteEnergySchedulePreset($id: ID!) {\n    deleteEnergySchedulePreset(id: $id)\n  }\n": types.DeleteEnergySchedulePresetDocument,
    "\n  query NowPlayingSong($id: ID!) {\n    song(id: $id) {\n      id\n      title\n      artist\n      album\n      coverUrl\n      genre\n      mood\n      bpm\n      key\n      lyrics\n      lrc\n      analysis {\n        waveformPeaks\n      }\n    }\n  }\n": types.NowPlayingSongDocument,
    "\n  query RemainingQuota {\n    myPlan {\n      generationsLeft\n      limits {\n        monthlyGenerations\n      }\n    }\n  }\n": types.RemainingQuotaDocument,
    "\n  fragment PlanFields on Plan {\n    tier\n    status\n    expiresAt\n    timezone\n    monthEnd\n    generationsThisMonth\n    generationsLeft\n    activeGenerations\n    storageBytes\n    paymentProvider\n    limits {\n      ...TierLimitsFields\n    }\n  }\n": types.PlanFieldsFragmentDoc,
    "\n  fragment TierLimitsFields on TierLimits {\n    tier\n    priceCents\n    monthlyGenerations\n    maxSongSeconds\n    concurrentJobs\n    queuePriority\n    extendedFeatures\n    storageBytes\n  }\n": types.TierLimitsFieldsFragmentDoc,
    "\n  query Pricing {\n    tiers {\n      ...TierLimitsFields\n    }\n    myPlan {\n      ...PlanFields\n    }\n  }\n": types.PricingDocument,
    "\n  mutation RedeemPlanCode($code: String!) {\n    redeemPlanCode(code: $code) {\n      ...PlanFields\n    }\n  }\n": types.RedeemPlanCodeDocument,
    "\n  mutation CancelSubscription {\n    cancelSubscription {\n      ...PlanFields\n    }\n  }\n": types.CancelSubscriptionDocument,
    "\n  fragment PlanCodeFields on PlanCode {\n    id\n    codeHint\n    tier\n    durationDays\n    expiresAt\n    note\n    createdBy\n    createdAt\n    redeemedBy\n    redeemedAt\n    revokedBy\n    revokedAt\n  }\n": types.PlanCodeFieldsFragmentDoc,
    "\n  query PlanCodes {\n    planCodes {\n      ...PlanCodeFields\n    }\n  }\n": types.PlanCodesDocument,
    "\n  mutation IssuePlanCodes($input: IssuePlanCodesInput!) {\n    issuePlanCodes(input: $input) {\n      codes\n      planCodes {\n        ...PlanCodeFields\n      }\n    }\n  }\n": types.IssuePlanCodesDocument,
    "\n  mutation RevokePlanCode($id: ID!) {\n    revokePlanCode(id: $id) {\n      ...PlanCodeFields\n    }\n  }\n": types.RevokePlanCodeDocument,
    "\n  mutation StartCheckout($tier: String!) {\n    startCheckout(tier: $tier)\n  }\n": types.StartCheckoutDocument,
    "\n  mutation OpenBillingPortal {\n    openBillingPortal\n  }\n": types.OpenBillingPortalDocument,
    "\n  fragment PlayerQueueFields on Queue {\n    version\n    radioGenre\n    djActive\n    currentSong {\n      ...PlayerSongFields\n    }\n    upcomingQueue {\n      ...PlayerSongFields\n    }\n    playHistory {\n      id\n      title\n      artist\n      duration\n      audioUrl\n      coverUrl\n      thumbnailUrl\n      genre\n      mood\n    }\n  }\n\n  fragment PlayerSongFields on Song {\n    id\n    title\n    artist\n    duration\n    audioUrl\n    coverUrl\n    thumbnailUrl\n    genre\n    mood\n    isLiked\n    likeCount\n  }\n": types.PlayerQueueFieldsFragmentDoc,
    "\n  query PlayerSongAnalysis($id: ID!) {\n    song(id: $id) {\n      id\n      analysis {\n        ...PlayerAnalysisFields\n      }\n    }\n  }\n\n  fragment PlayerAnalysisFields on SongAnalysis {\n    durationSeconds\n    bpm\n    beatOffsetSeconds\n    integratedLufs\n    introEndSeconds\n    outroStartSeconds\n    silenceRanges {\n      start\n      end\n    }\n  }\n": types.PlayerSongAnalysisDocument,
    "\n  query PlayerQueue {\n    queue {\n      ...PlayerQueueFields\n    }\n  }\n": types.PlayerQueueDocument,
    "\n  mutation NextSong {\n    nextSong {\n      ...PlayerQueueFields\n    }\n  }\n": types.NextSongDocument,
    "\n  mutation PreviousSong {\n    previousSong {\n      ...PlayerQueueFields\n    }\n  }\n": types.PreviousSongDocument,
    "\n  mutation AutoAdvance($finishedSongId: ID!) {\n    autoAdvance(finishedSongId: $finishedSongId) {\n      ...PlayerQueueFields\n    }\n  }\n": types.AutoAdvanceDocument,
    "\n  mutation PlaySong($id: ID!, $isGenreSelection: Boolean!) {\n    playSong(id: $id, isGenreSelection: $isGenreSelection) {\n      ...PlayerQueueFields\n    }\n  }\n": types.PlaySongDocument,
    "\n  subscription QueueChanged {\n    queueChanged {\n      ...PlayerQueueFields\n    }\n  }\n": types.QueueChangedDocument,
    "\n  query MixerSettings {\n    mixerSettings {\n      ...MixerSettingsFields\n    }\n  }\n\n  fragment MixerSettingsFields on MixerSettings {\n    crossfadeEnabled\n    crossfadeDuration\n    mixTightness\n    djModeEnabled\n    silenceEliminationEnabled\n    beatMatchedTransitions\n  }\n": types.MixerSettingsDocument,
    "\n  mutation SaveMixerSettings($input: MixerSettingsInput!) {\n    saveMixerSettings(input: $input) {\n      ...MixerSettingsFields\n    }\n  }\n": types.SaveMixerSettingsDocument,
    "\n  fragment SongLikeFields on Song {\n    id\n    isLiked\n    likeCount\n  }\n": types.SongLikeFieldsFragmentDoc,
    "\n  mutation LikeSong($songId: ID!) {\n    like(songId: $songId) {\n      ...SongLikeFields\n    }\n  }\n": types.LikeSongDocument,
    "\n  mutation UnlikeSong($songId: ID!) {\n    unlike(songId: $songId) {\n      ...SongLikeFields\n    }\n  }\n": types.UnlikeSongDocument,
    "\n  query DjVoiceLink($fromSongId: ID!, $toSongId: ID!) {\n    djVoiceLink(fromSongId: $fromSongId, toSongId: $toSongId) {\n      text\n      audioUrl\n      durationSeconds\n    }\n  }\n": types.DjVoiceLinkDocument,
    "\n  query GenerationStreamOutcome($id: ID!) {\n    generation(id: $id) {\n      id\n      status\n      song {\n        ...PlayerSongFields\n      }\n    }\n  }\n": types.GenerationStreamOutcomeDocument,
    "\n  fragment PlaylistSummaryFields on Playlist {\n    id\n    name\n    description\n    isPublic\n    isOwner\n    ownerName\n    songCount\n    totalDuration\n    coverUrls\n    updatedAt\n  }\n\n  fragment PlaylistDetailFields on Playlist {\n    ...PlaylistSummaryFields\n    songs {\n      position\n      addedAt\n      song {\n        ...LibrarySongFields\n      }\n    }\n  }\n": types.PlaylistSummaryFieldsFragmentDoc,
    "\n  query Playlists {\n    playlists {\n      ...PlaylistSummaryFields\n    }\n  }\n": types.PlaylistsDocument,
    "\n  query Playlist($id: ID!) {\n    playlist(id: $id) {\n      ...PlaylistDetailFields\n    }\n  }\n": types.PlaylistDocument,
    "\n  mutation CreatePlaylist($name: String!, $songIds: [ID!]) {\n    createPlaylist(name: $name, songIds: $songIds) {\n      ...PlaylistDetailFields\n    }\n  }\n": types.CreatePlaylistDocument,
    "\n  mutation RenamePlaylist($id: ID!, $name: String!) {\n    renamePlaylist(id: $id, name: $name) {\n      ...PlaylistSummaryFields\n    }\n  }\n": types.RenamePlaylistDocument,
    "\n  mutation DescribePlaylist($id: ID!, $description: String) {\n    describePlaylist(id: $id, description: $description) {\n      ...PlaylistSummaryFields\n    }\n  }\n": types.DescribePlaylistDocument,
    "\n  mutation SetPlaylistPublic($id: ID!, $isPublic: Boolean!) {\n    setPlaylistPublic(id: $id, isPublic: $isPublic) {\n      ...PlaylistSummaryFields\n    }\n  }\n": types.SetPlaylistPublicDocument,
    "\n  mutation DeletePlaylist($id: ID!) {\n    deletePlaylist(id: $id)\n  }\n": types.DeletePlaylistDocument,
    "\n  mutation AddSongsToPlaylist($id: ID!, $songIds: [ID!]!) {\n    addSongsToPlaylist(id: $id, songIds: $songIds) {\n      ...PlaylistDetailFields\n    }\n  }\n": types.AddSongsToPlaylistDocument,
    "\n  mutation RemoveSongsFromPlaylist($id: ID!, $songIds: [ID!]!) {\n    removeSongsFromPlaylist(id: $id, songIds: $songIds) {\n      ...PlaylistDetailFields\n    }\n  }\n": types.RemoveSongsFromPlaylistDocument,
    "\n  mutation MoveSongInPlaylist($id: ID!, $songId: ID!, $toPosition: Int!) {\n    moveSongInPlaylist(id: $id, songId: $songId, toPosition: $toPosition) {\n      ...PlaylistDetailFields\n    }\n  }\n": types.MoveSongInPlaylistDocument,
    "\n  mutation DuplicatePlaylist($id: ID!) {\n    duplicatePlaylist(id: $id) {\n      ...PlaylistDetailFields\n    }\n  }\n": types.DuplicatePlaylistDocument,
    "\n  mutation PlayPlaylist($id: ID!, $startSongId: ID, $shuffle: Boolean!) {\n    playPlaylist(id: $id, startSongId: $startSongId, shuffle: $shuffle) {\n      ...PlayerQueueFields\n    }\n  }\n": types.PlayPlaylistDocument,
    "\n  mutation EnqueuePlaylist($id: ID!, $next: Boolean!) {\n    enqueuePlaylist(id: $id, next: $next) {\n      ...PlayerQueueFields\n    }\n  }\n": types.EnqueuePlaylistDocument,
    "\n  subscription PlaylistChanged($playlistId: ID) {\n    playlistChanged(playlistId: $playlistId) {\n      playlistId\n      playlist {\n        ...PlaylistDetailFields\n      }\n    }\n  }\n": types.PlaylistChangedDocument,
    "\n  fragment ProfileFields on Profile {\n    userId\n    username\n    displayName\n    bio\n    avatarUrl\n    avatarSmallUrl\n    isOwn\n    memberSince\n    stats {\n      songsCreated\n      plays\n      likesReceived\n      topGenres {\n        genre\n        songs\n      }\n    }\n  }\n": types.ProfileFieldsFragmentDoc,
    "\n  fragment ProfileListsFields on Profile {\n    userId\n    songsConnection(first: $songsFirst) {\n      ...LibrarySongPage\n    }\n    playlistsConnection(first: $playlistsFirst) {\n      ...ProfilePlaylistsPage\n    }\n  }\n": types.ProfileListsFieldsFragmentDoc,
    "\n  fragment ProfilePlaylistsPage on PlaylistConnection {\n    edges {\n      cursor\n      node {\n        id\n        name\n        songCount\n      }\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n": types.ProfilePlaylistsPageFragmentDoc,
    "\n  query MyProfile($songsFirst: Int!, $playlistsFirst: Int!) {\n    myProfile {\n      ...ProfileFields\n      ...ProfileListsFields\n    }\n  }\n": types.MyProfileDocument,
    "\n  query PublicProfile($username: String!, $songsFirst: Int!, $playlistsFirst: Int!) {\n    profile(username: $username) {\n      ...ProfileFields\n      ...ProfileListsFields\n    }\n  }\n": types.PublicProfileDocument,
    "\n  query ProfileSongsPage($username: String!, $first: Int!, $after: String) {\n    profile(username: $username) {\n      userId\n      songsConnection(first: $first, after: $after) {\n        ...LibrarySongPage\n      }\n    }\n  }\n": types.ProfileSongsPageDocument,
    "\n  query ProfilePlaylistsPage($username: String!, $first: Int!, $after: String) {\n    profile(username: $username) {\n      userId\n      playlistsConnection(first: $first, after: $after) {\n        ...ProfilePlaylistsPage\n      }\n    }\n  }\n": types.ProfilePlaylistsPageDocument,
    "\n  mutation UpdateProfileDetails($displayName: String, $bio: String) {\n    updateProfileDetails(displayName: $displayName, bio: $bio) {\n      ...ProfileFields\n    }\n  }\n": types.UpdateProfileDetailsDocument,
    "\n  mutation RemoveAvatar {\n    removeAvatar {\n      ...ProfileFields\n    }\n  }\n": types.RemoveAvatarDocument,
    "\n  mutation Enqueue($songId: ID!) {\n    enqueue(songId: $songId) {\n      ...PlayerQueueFields\n    }\n  }\n": types.EnqueueDocument,
    "\n  mutation PlayNext($songId: ID!) {\n    playNext(songId: $songId) {\n      ...PlayerQueueFields\n    }\n  }\n": types.PlayNextDocument,
    "\n  mutation MoveInQueue($from: Int!, $to: Int!) {\n    moveInQueue(from: $from, to: $to) {\n      ...PlayerQueueFields\n    }\n  }\n": types.MoveInQueueDocument,
    "\n  mutation RemoveFromQueue($index: Int!) {\n    removeFromQueue(index: $index) {\n      ...PlayerQueueFields\n    }\n  }\n": types.RemoveFromQueueDocument,
    "\n  mutation ClearQueue {\n    clearQueue {\n      ...PlayerQueueFields\n    }\n  }\n": types.ClearQueueDocument,
    "\n  mutation PlaySongs($songIds: [ID!]!, $startIndex: Int!) {\n    playSongs(songIds: $songIds, startIndex: $startIndex) {\n      ...PlayerQueueFields\n    }\n  }\n": types.PlaySongsDocument,
    "\n  mutation PlaySmartPlaylist($id: ID!, $shuffle: Boolean!) {\n    playSmartPlaylist(id: $id, shuffle: $shuffle) {\n      ...PlayerQueueFields\n    }\n  }\n": types.PlaySmartPlaylistDocument,
    "\n  mutation PlayAiArtist($id: ID!) {\n    playAiArtist(id: $id) {\n      ...PlayerQueueFields\n    }\n  }\n": types.PlayAiArtistDocument,
    "\n  fragment RadioStationFields on RadioStation {\n    id\n    genre\n    mood\n    description\n    songCount\n    isActive\n    displayOrder\n    artUrl\n    songsAvailable\n    songsInMaking\n  }\n": types.RadioStationFieldsFragmentDoc,
    "\n  query RadioStations($includeInactive: Boolean!) {\n    radioStations(includeInactive: $includeInactive) {\n      ...RadioStationFields\n    }\n  }\n": types.RadioStationsDocument,
    "\n  mutation UpdateRadioStation($id: ID!, $input: RadioStationInput!) {\n    updateRadioStation(id: $id, input: $input) {\n      ...RadioStationFields\n    }\n  }\n": types.UpdateRadioStationDocument,
    "\n  mutation CreateRadioStation($input: NewRadioStationInput!) {\n    createRadioStation(input: $input) {\n      ...RadioStationFields\n    }\n  }\n": types.CreateRadioStationDocument,
    "\n  mutation PlayRadioStation($genre: String!) {\n    playRadioStation(genre: $genre) {\n      ...PlayerQueueFields\n    }\n  }\n": types.PlayRadioStationDocument,
    "\n  fragment RadioTuningFields on RadioTuning {\n    genres\n    moods\n    energy\n    tempoMin\n    tempoMax\n    freshness\n  }\n": types.RadioTuningFieldsFragmentDoc,
    "\n  query RadioDials {\n    radioDials {\n      genres\n      moods\n      defaults {\n        ...RadioTuningFields\n      }\n    }\n    queue {\n      radioTuning {\n        ...RadioTuningFields\n      }\n    }\n  }\n": types.RadioDialsDocument,
    "\n  mutation TuneRadio($tuning: RadioTuningInput!) {\n    tuneRadio(tuning: $tuning) {\n      songsRequested\n      songsInProgress\n      note\n      queue {\n        ...PlayerQueueFields\n      }\n    }\n  }\n": types.TuneRadioDocument,
    "\n  query Search($text: String!) {\n    search(text: $text) {\n      songs {\n        ...LibrarySongFields\n      }\n      playlists {\n        id\n        name\n        ownerName\n        isOwner\n        songCount\n        coverUrls\n      }\n      artists {\n        name\n        songCount\n        coverUrl\n      }\n    }\n  }\n": types.SearchDocument,
    "\n  mutation PlayArtist($name: String!) {\n    playArtist(name: $name) {\n      ...PlayerQueueFields\n    }\n  }\n": types.PlayArtistDocument,
    "\n  fragment PreferencesFields on Preferences {\n    theme\n    shuffleEnabled\n    repeatMode\n    crossfadeEnabled\n    crossfadeDuration\n    mixTightness\n    preferredGenres\n    preferredMoods\n  }\n": types.PreferencesFieldsFragmentDoc,
    "\n  query Preferences {\n    preferences {\n      ...PreferencesFields\n    }\n  }\n": types.PreferencesDocument,
    "\n  mutation UpdatePreferences($input: PreferencesInput!) {\n    updatePreferences(input: $input) {\n      ...PreferencesFields\n    }\n  }\n": types.UpdatePreferencesDocument,
    "\n  subscription PreferencesChanged {\n    preferencesChanged {\n      ...PreferencesFields\n    }\n  }\n": types.PreferencesChangedDocument,
    "\n  query GenerationDefaults {\n    me {\n      id\n      defaultDuration\n      generateAlbumArt\n      generateLyrics\n    }\n  }\n": types.GenerationDefaultsDocument,
    "\n  mutation UpdateGenerationDefaults($input: ProfileInput!) {\n    updateProfile(input: $input) {\n      id\n      defaultDuration\n      generateAlbumArt\n      generateLyrics\n    }\n  }\n": types.UpdateGenerationDefaultsDocument,
    "\n  fragment SmartPlaylistFields on SmartPlaylist {\n    id\n    name\n    rules\n    updatedAt\n  }\n": types.SmartPlaylistFieldsFragmentDoc,
    "\n  query SmartPlaylists {\n    smartPlaylists {\n      ...SmartPlaylistFields\n    }\n    smartPlaylistPresets {\n      name\n      description\n      rules\n    }\n  }\n": types.SmartPlaylistsDocument,
    "\n  query SmartPlaylistSongs($rules: JSONObject!, $first: Int) {\n    smartPlaylistSongs(rules: $rules, first: $first) {\n      count\n      songs {\n        ...LibrarySongFields\n      }\n    }\n  }\n": types.SmartPlaylistSongsDocument,
    "\n  mutation CreateSmartPlaylist($name: String!, $rules: JSONObject!) {\n    createSmartPlaylist(name: $name, rules: $rules) {\n      ...SmartPlaylistFields\n    }\n  }\n": types.CreateSmartPlaylistDocument,
    "\n  mutation UpdateSmartPlaylist($id: ID!, $name: String, $rules: JSONObject) {\n    updateSmartPlaylist(id: $id, name: $name, rules: $rules) {\n      ...SmartPlaylistFields\n    }\n  }\n": types.UpdateSmartPlaylistDocument,
    "\n  mutation DeleteSmartPlaylist($id: ID!) {\n    deleteSmartPlaylist(id: $id)\n  }\n": types.DeleteSmartPlaylistDocument,
    "\n  fragment ManagedSongFields on ManagedSong {\n    id\n    title\n    artist\n    genre\n    mood\n    lyrics\n    lrc\n    duration\n    audioUrl\n    coverUrl\n    thumbnailUrl\n    isPublic\n    canBeShared\n    ownerName\n    playCount\n    likeCount\n    createdAt\n  }\n": types.ManagedSongFieldsFragmentDoc,
    "\n  query ManagedSongs($all: Boolean!, $first: Int!, $after: String) {\n    managedSongsConnection(all: $all, first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          ...ManagedSongFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.ManagedSongsDocument,
    "\n  query CoverChoices {\n    coverChoices {\n      songId\n      title\n      coverUrl\n      thumbnailUrl\n    }\n  }\n": types.CoverChoicesDocument,
    "\n  mutation UpdateManagedSong($id: ID!, $input: ManagedSongInput!) {\n    updateManagedSong(id: $id, input: $input) {\n      ...ManagedSongFields\n    }\n  }\n": types.UpdateManagedSongDocument,
    "\n  mutation SetSongsVisibility($songIds: [ID!]!, $isPublic: Boolean, $canBeShared: Boolean) {\n    setSongsVisibility(songIds: $songIds, isPublic: $isPublic, canBeShared: $canBeShared) {\n      ...ManagedSongFields\n    }\n  }\n": types.SetSongsVisibilityDocument,
    "\n  mutation DeleteSongs($songIds: [ID!]!) {\n    deleteSongs(songIds: $songIds)\n  }\n": types.DeleteSongsDocument,
    "\n  query StudioDefaults {\n    me {\n      id\n      defaultDuration\n      generateAlbumArt\n      generateLyrics\n    }\n    myPlan {\n      tier\n      generationsLeft\n      limits {\n        monthlyGenerations\n        maxSongSeconds\n      }\n    }\n  }\n": types.StudioDefaultsDocument,
    "\n  fragment SongPlanFields on SongPlan {\n    genre\n    mood\n    bpm\n    key\n    instruments\n    title\n    durationSeconds\n    seed\n    withLyrics\n    withCoverArt\n    summary\n  }\n": types.SongPlanFieldsFragmentDoc,
    "\n  query PlanSong($input: GenerateSongInput!) {\n    planSong(input: $input) {\n      ...SongPlanFields\n    }\n  }\n": types.PlanSongDocument,
    "\n  mutation GenerateSong($input: GenerateSongInput!) {\n    generateSong(input: $input) {\n      id\n      status\n      progress {\n        stage\n        percentage\n      }\n      stages\n    }\n  }\n": types.GenerateSongDocument,
    "\n  query GenerationResult($id: ID!) {\n    generation(id: $id) {\n      id\n      status\n      error\n      progress {\n        stage\n        percentage\n      }\n      stages\n      plan {\n        ...SongPlanFields\n      }\n      song {\n        id\n        title\n        artist\n        audioUrl\n        coverUrl\n        thumbnailUrl\n        duration\n        bpm\n        key\n        lyrics\n        genre\n        mood\n      }\n    }\n  }\n": types.GenerationResultDocument,
    "\n  query UsageBreakdown($month: String, $allUsers: Boolean) {\n    usageBreakdown(month: $month, allUsers: $allUsers) {\n      month\n      timezone\n      months\n      allUsers\n      costModel {\n        cpuSecondPrice\n        gbMonthPrice\n        source\n      }\n      totals {\n        generations\n        audioSeconds\n        cpuSeconds\n        wallSeconds\n        queueWaitSeconds\n        retries\n        storageBytes\n        cost\n      }\n      days {\n        date\n        generations\n        cpuSeconds\n        cost\n      }\n      stages {\n        stage\n        cpuSeconds\n        cost\n      }\n      genres {\n        genre\n        generations\n        cost\n      }\n      topSongs {\n        requestId\n        title\n        genre\n        username\n        createdAt\n        cpuSeconds\n        storageBytes\n        cost\n      }\n      storage {\n        bytes\n        monthlyCost\n      }\n      users {\n        userId\n        username\n        generations\n        cpuSeconds\n        storageBytes\n        cost\n      }\n    }\n  }\n": types.UsageBreakdownDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Account {\n    me {\n      id\n      email\n      hasAudioProviderKey\n    }\n    audioProviderKeyLast4\n    activeSessions {\n      id\n      device\n      ip\n      lastSeenAt\n      current\n    }\n  }\n"): (typeof documents)["\n  query Account {\n    me {\n      id\n      email\n      hasAudioProviderKey\n    }\n    audioProviderKeyLast4\n    activeSessions {\n      id\n      device\n      ip\n      lastSeenAt\n      current\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword)\n  }\n"): (typeof documents)["\n  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangeEmail($currentPassword: String!, $email: String!) {\n    changeEmail(currentPassword: $currentPassword, email: $email) {\n      id\n      email\n    }\n  }\n"): (typeof documents)["\n  mutation ChangeEmail($currentPassword: String!, $email: String!) {\n    changeEmail(currentPassword: $currentPassword, email: $email) {\n      id\n      email\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeSession($id: ID!) {\n    revokeSession(id: $id)\n  }\n"): (typeof documents)["\n  mutation RevokeSession($id: ID!) {\n    revokeSession(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetAudioProviderKey($apiKey: String) {\n    setAudioProviderKey(apiKey: $apiKey)\n  }\n"): (typeof documents)["\n  mutation SetAudioProviderKey($apiKey: String) {\n    setAudioProviderKey(apiKey: $apiKey)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteAccount($currentPassword: String!) {\n    deleteAccount(currentPassword: $currentPassword)\n  }\n"): (typeof documents)["\n  mutation DeleteAccount($currentPassword: String!) {\n    deleteAccount(currentPassword: $currentPassword)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApiCredentials {\n    appPasswords {\n      id\n      name\n      createdAt\n      lastUsedAt\n    }\n    accessTokens {\n      id\n      name\n      createdAt\n      lastUsedAt\n      last4\n    }\n  }\n"): (typeof documents)["\n  query ApiCredentials {\n    appPasswords {\n      id\n      name\n      createdAt\n      lastUsedAt\n    }\n    accessTokens {\n      id\n      name\n      createdAt\n      lastUsedAt\n      last4\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateAppPassword($name: String!) {\n    createAppPassword(name: $name) {\n      secret\n      credential {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateAppPassword($name: String!) {\n    createAppPassword(name: $name) {\n      secret\n      credential {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeAppPassword($id: ID!) {\n    revokeAppPassword(id: $id)\n  }\n"): (typeof documents)["\n  mutation RevokeAppPassword($id: ID!) {\n    revokeAppPassword(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateAccessToken($name: String!) {\n    createAccessToken(name: $name) {\n      secret\n      credential {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateAccessToken($name: String!) {\n    createAccessToken(name: $name) {\n      secret\n      credential {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeAccessToken($id: ID!) {\n    revokeAccessToken(id: $id)\n  }\n"): (typeof documents)["\n  mutation RevokeAccessToken($id: ID!) {\n    revokeAccessToken(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminOverview {\n    adminOverview {\n      users\n      songs\n      generationsToday\n      generationsThisMonth\n      failuresToday\n      queueDepth {\n        status\n        count\n      }\n      workers {\n        id\n        host\n        pid\n        concurrency\n        jobsRunning\n        engineVersion\n        lastHeartbeatAt\n      }\n      completedLastHour\n      mediaBytes\n      databaseBytes\n      postgres {\n        status\n        detail\n      }\n      redis {\n        status\n        detail\n      }\n      appVersion\n      generatedAt\n    }\n  }\n"): (typeof documents)["\n  query AdminOverview {\n    adminOverview {\n      users\n      songs\n      generationsToday\n      generationsThisMonth\n      failuresToday\n      queueDepth {\n        status\n        count\n      }\n      workers {\n        id\n        host\n        pid\n        concurrency\n        jobsRunning\n        engineVersion\n        lastHeartbeatAt\n      }\n      completedLastHour\n      mediaBytes\n      databaseBytes\n      postgres {\n        status\n        detail\n      }\n      redis {\n        status\n        detail\n      }\n      appVersion\n      generatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminUserFields on AdminUser {\n    id\n    username\n    email\n    userTier\n    monthlyGenerationLimit\n    canGenerateMusic\n    canManageSongs\n    canAccessAdmin\n    canAccessDJ\n    adminOverride\n    isAdmin\n    disabled\n    createdAt\n  }\n"): (typeof documents)["\n  fragment AdminUserFields on AdminUser {\n    id\n    username\n    email\n    userTier\n    monthlyGenerationLimit\n    canGenerateMusic\n    canManageSongs\n    canAccessAdmin\n    canAccessDJ\n    adminOverride\n    isAdmin\n    disabled\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminUsers($search: String, $first: Int, $offset: Int) {\n    adminUsers(search: $search, first: $first, offset: $offset) {\n      total\n      users {\n        ...AdminUserFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminUsers($search: String, $first: Int, $offset: Int) {\n    adminUsers(search: $search, first: $first, offset: $offset) {\n      total\n      users {\n        ...AdminUserFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateUserRights($id: ID!, $changes: AdminUserChangesInput!) {\n    updateUserRights(id: $id, changes: $changes) {\n      ...AdminUserFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateUserRights($id: ID!, $changes: AdminUserChangesInput!) {\n    updateUserRights(id: $id, changes: $changes) {\n      ...AdminUserFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetUserDisabled($id: ID!, $disabled: Boolean!) {\n    setUserDisabled(id: $id, disabled: $disabled) {\n      ...AdminUserFields\n    }\n  }\n"): (typeof documents)["\n  mutation SetUserDisabled($id: ID!, $disabled: Boolean!) {\n    setUserDisabled(id: $id, disabled: $disabled) {\n      ...AdminUserFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ForcePasswordReset($id: ID!) {\n    forcePasswordReset(id: $id) {\n      temporaryPassword\n      user {\n        ...AdminUserFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ForcePasswordReset($id: ID!) {\n    forcePasswordReset(id: $id) {\n      temporaryPassword\n      user {\n        ...AdminUserFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminGenerations($status: String, $username: String, $first: Int, $after: String) {\n    adminGenerations(status: $status, username: $username, first: $first, after: $after) {\n      nodes {\n        username\n        priority\n        request {\n          ...GenerationFields\n        }\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n"): (typeof documents)["\n  query AdminGenerations($status: String, $username: String, $first: Int, $after: String) {\n    adminGenerations(status: $status, username: $username, first: $first, after: $after) {\n      nodes {\n        username\n        priority\n        request {\n          ...GenerationFields\n        }\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminCancelGeneration($id: ID!) {\n    adminCancelGeneration(id: $id) {\n      priority\n    }\n  }\n"): (typeof documents)["\n  mutation AdminCancelGeneration($id: ID!) {\n    adminCancelGeneration(id: $id) {\n      priority\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminRetryGeneration($id: ID!) {\n    adminRetryGeneration(id: $id) {\n      priority\n    }\n  }\n"): (typeof documents)["\n  mutation AdminRetryGeneration($id: ID!) {\n    adminRetryGeneration(id: $id) {\n      priority\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetGenerationPriority($id: ID!, $priority: Int!) {\n    setGenerationPriority(id: $id, priority: $priority) {\n      priority\n    }\n  }\n"): (typeof documents)["\n  mutation SetGenerationPriority($id: ID!, $priority: Int!) {\n    setGenerationPriority(id: $id, priority: $priority) {\n      priority\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ModerationQueue($status: String) {\n    moderationQueue(status: $status) {\n      id\n      songId\n      songTitle\n      songArtist\n      songModerationStatus\n      highlightedLyrics {\n        text\n        flagged\n      }\n      flaggedFor\n      flaggedWords\n      status\n      moderatorNotes\n      reviewedBy\n      reviewedAt\n      createdAt\n      analysis {\n        language\n        contentRating\n        sentiment\n        sentimentScore\n        keywords\n        themes\n        emotionalTones\n        offensiveWords\n        analysisConfidence\n      }\n    }\n  }\n"): (typeof documents)["\n  query ModerationQueue($status: String) {\n    moderationQueue(status: $status) {\n      id\n      songId\n      songTitle\n      songArtist\n      songModerationStatus\n      highlightedLyrics {\n        text\n        flagged\n      }\n      flaggedFor\n      flaggedWords\n      status\n      moderatorNotes\n      reviewedBy\n      reviewedAt\n      createdAt\n      analysis {\n        language\n        contentRating\n        sentiment\n        sentimentScore\n        keywords\n        themes\n        emotionalTones\n        offensiveWords\n        analysisConfidence\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReviewModeration($id: ID!, $decision: String!, $notes: String, $regeneration: RegenerationInput) {\n    reviewModeration(id: $id, decision: $decision, notes: $notes, regeneration: $regeneration) {\n      id\n      status\n      moderatorNotes\n      reviewedBy\n      reviewedAt\n      songModerationStatus\n    }\n  }\n"): (typeof documents)["\n  mutation ReviewModeration($id: ID!, $decision: String!, $notes: String, $regeneration: RegenerationInput) {\n    reviewModeration(id: $id, decision: $decision, notes: $notes, regeneration: $regeneration) {\n      id\n      status\n      moderatorNotes\n      reviewedBy\n      reviewedAt\n      songModerationStatus\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RegenerationRequests($status: String) {\n    regenerationRequests(status: $status) {\n      id\n      status\n      error\n      wordsToEliminate\n      replacementWords {\n        word\n        replacement\n      }\n      preservedElements\n      replacedWords {\n        word\n        replacement\n      }\n      decision\n      decidedBy\n      decidedAt\n      requestedBy\n      createdAt\n      completedAt\n      originalSong {\n        id\n        title\n        audioUrl\n        lyrics\n      }\n      newSong {\n        id\n        title\n        audioUrl\n        lyrics\n      }\n    }\n  }\n"): (typeof documents)["\n  query RegenerationRequests($status: String) {\n    regenerationRequests(status: $status) {\n      id\n      status\n      error\n      wordsToEliminate\n      replacementWords {\n        word\n        replacement\n      }\n      preservedElements\n      replacedWords {\n        word\n        replacement\n      }\n      decision\n      decidedBy\n      decidedAt\n      requestedBy\n      createdAt\n      completedAt\n      originalSong {\n        id\n        title\n        audioUrl\n        lyrics\n      }\n      newSong {\n        id\n        title\n        audioUrl\n        lyrics\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DecideRegeneration($id: ID!, $decision: String!) {\n    decideRegeneration(id: $id, decision: $decision) {\n      id\n      decision\n    }\n  }\n"): (typeof documents)["\n  mutation DecideRegeneration($id: ID!, $decision: String!) {\n    decideRegeneration(id: $id, decision: $decision) {\n      id\n      decision\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminAuditLog($first: Int, $offset: Int) {\n    adminAuditLog(first: $first, offset: $offset) {\n      total\n      entries {\n        id\n        actor\n        action\n        targetType\n        targetId\n        before\n        after\n        createdAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminAuditLog($first: Int, $offset: Int) {\n    adminAuditLog(first: $first, offset: $offset) {\n      total\n      entries {\n        id\n        actor\n        action\n        targetType\n        targetId\n        before\n        after\n        createdAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment EnhancementBatchFields on EnhancementBatch {\n    id\n    operations\n    selection\n    targetLufs\n    status\n    createdBy\n    createdAt\n    confirmedAt\n    total\n    done\n    counts {\n      status\n      count\n    }\n  }\n"): (typeof documents)["\n  fragment EnhancementBatchFields on EnhancementBatch {\n    id\n    operations\n    selection\n    targetLufs\n    status\n    createdBy\n    createdAt\n    confirmedAt\n    total\n    done\n    counts {\n      status\n      count\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EnhancementBatches {\n    enhancementBatches {\n      ...EnhancementBatchFields\n    }\n  }\n"): (typeof documents)["\n  query EnhancementBatches {\n    enhancementBatches {\n      ...EnhancementBatchFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SongVersionFields on SongVersion {\n    audioUrl\n    coverUrl\n    lyrics\n    loudness\n    bpm\n    musicalKey\n    duration\n    engineVersion\n  }\n"): (typeof documents)["\n  fragment SongVersionFields on SongVersion {\n    audioUrl\n    coverUrl\n    lyrics\n    loudness\n    bpm\n    musicalKey\n    duration\n    engineVersion\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EnhancementBatch($id: ID!) {\n    enhancementBatch(id: $id) {\n      ...EnhancementBatchFields\n      items {\n        id\n        songId\n        songTitle\n        status\n        notes\n        error\n        finishedAt\n        before {\n          ...SongVersionFields\n        }\n        after {\n          ...SongVersionFields\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query EnhancementBatch($id: ID!) {\n    enhancementBatch(id: $id) {\n      ...EnhancementBatchFields\n      items {\n        id\n        songId\n        songTitle\n        status\n        notes\n        error\n        finishedAt\n        before {\n          ...SongVersionFields\n        }\n        after {\n          ...SongVersionFields\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EnhancementSongs {\n    songs(first: 100) {\n      songs {\n        id\n        title\n        artist\n        genre\n      }\n    }\n  }\n"): (typeof documents)["\n  query EnhancementSongs {\n    songs(first: 100) {\n      songs {\n        id\n        title\n        artist\n        genre\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateEnhancementBatch($input: EnhancementBatchInput!) {\n    createEnhancementBatch(input: $input) {\n      ...EnhancementBatchFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateEnhancementBatch($input: EnhancementBatchInput!) {\n    createEnhancementBatch(input: $input) {\n      ...EnhancementBatchFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ControlEnhancementBatch($id: ID!, $action: String!) {\n    controlEnhancementBatch(id: $id, action: $action) {\n      ...EnhancementBatchFields\n    }\n  }\n"): (typeof documents)["\n  mutation ControlEnhancementBatch($id: ID!, $action: String!) {\n    controlEnhancementBatch(id: $id, action: $action) {\n      ...EnhancementBatchFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmEnhancementBatch($id: ID!) {\n    confirmEnhancementBatch(id: $id) {\n      ...EnhancementBatchFields\n    }\n  }\n"): (typeof documents)["\n  mutation ConfirmEnhancementBatch($id: ID!) {\n    confirmEnhancementBatch(id: $id) {\n      ...EnhancementBatchFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UndoEnhancement($itemId: ID!) {\n    undoEnhancement(itemId: $itemId) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation UndoEnhancement($itemId: ID!) {\n    undoEnhancement(itemId: $itemId) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProductionSyncListFields on ProductionSyncList {\n    total\n    songs {\n      songId\n      productionId\n      title\n      artist\n      genre\n      owner\n      changedAt\n      transferredAt\n      publishable\n    }\n  }\n"): (typeof documents)["\n  fragment ProductionSyncListFields on ProductionSyncList {\n    total\n    songs {\n      songId\n      productionId\n      title\n      artist\n      genre\n      owner\n      changedAt\n      transferredAt\n      publishable\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProductionSync {\n    productionSync(first: 100) {\n      newSongs {\n        ...ProductionSyncListFields\n      }\n      changedSongs {\n        ...ProductionSyncListFields\n      }\n      deletedSongs {\n        ...ProductionSyncListFields\n      }\n      inSyncSongs {\n        ...ProductionSyncListFields\n      }\n      run {\n        id\n        status\n        total\n        transferred\n        error\n        startedBy\n        startedAt\n        finishedAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query ProductionSync {\n    productionSync(first: 100) {\n      newSongs {\n        ...ProductionSyncListFields\n      }\n      changedSongs {\n        ...ProductionSyncListFields\n      }\n      deletedSongs {\n        ...ProductionSyncListFields\n      }\n      inSyncSongs {\n        ...ProductionSyncListFields\n      }\n      run {\n        id\n        status\n        total\n        transferred\n        error\n        startedBy\n        startedAt\n        finishedAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TransferToProduction($songIds: [ID!]!) {\n    transferToProduction(songIds: $songIds) {\n      added\n      updated\n    }\n  }\n"): (typeof documents)["\n  mutation TransferToProduction($songIds: [ID!]!) {\n    transferToProduction(songIds: $songIds) {\n      added\n      updated\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartProductionTransfer {\n    startProductionTransfer {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation StartProductionTransfer {\n    startProductionTransfer {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UnpublishProductionSongs($productionIds: [ID!]!) {\n    unpublishProductionSongs(productionIds: $productionIds)\n  }\n"): (typeof documents)["\n  mutation UnpublishProductionSongs($productionIds: [ID!]!) {\n    unpublishProductionSongs(productionIds: $productionIds)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AiArtistFields on AiArtist {\n    id\n    name\n    bio\n    genres\n    moods\n    voiceType\n    timbre {\n      brightness\n      breathiness\n      vibrato\n    }\n    instruments\n    tempoMin\n    tempoMax\n    isPublic\n    portraitSeed\n    portraitUrl\n    portraitThumbnailUrl\n    ownerName\n    isMine\n    canEdit\n    songCount\n  }\n"): (typeof documents)["\n  fragment AiArtistFields on AiArtist {\n    id\n    name\n    bio\n    genres\n    moods\n    voiceType\n    timbre {\n      brightness\n      breathiness\n      vibrato\n    }\n    instruments\n    tempoMin\n    tempoMax\n    isPublic\n    portraitSeed\n    portraitUrl\n    portraitThumbnailUrl\n    ownerName\n    isMine\n    canEdit\n    songCount\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AiArtists($first: Int!, $after: String) {\n    mine: aiArtistsConnection(owner: \"mine\", first: 50) {\n      edges {\n        cursor\n        node {\n          ...AiArtistFields\n        }\n      }\n    }\n    others: aiArtistsConnection(owner: \"others\", first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          ...AiArtistFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query AiArtists($first: Int!, $after: String) {\n    mine: aiArtistsConnection(owner: \"mine\", first: 50) {\n      edges {\n        cursor\n        node {\n          ...AiArtistFields\n        }\n      }\n    }\n    others: aiArtistsConnection(owner: \"others\", first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          ...AiArtistFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AiArtist($id: ID!, $first: Int!, $after: String) {\n    aiArtist(id: $id) {\n      ...AiArtistFields\n      songsConnection(first: $first, after: $after) {\n        ...LibrarySongPage\n      }\n    }\n  }\n"): (typeof documents)["\n  query AiArtist($id: ID!, $first: Int!, $after: String) {\n    aiArtist(id: $id) {\n      ...AiArtistFields\n      songsConnection(first: $first, after: $after) {\n        ...LibrarySongPage\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateAiArtist($input: AiArtistInput!) {\n    createAiArtist(input: $input) {\n      ...AiArtistFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateAiArtist($input: AiArtistInput!) {\n    createAiArtist(input: $input) {\n      ...AiArtistFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateAiArtist($id: ID!, $input: AiArtistInput!) {\n    updateAiArtist(id: $id, input: $input) {\n      ...AiArtistFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateAiArtist($id: ID!, $input: AiArtistInput!) {\n    updateAiArtist(id: $id, input: $input) {\n      ...AiArtistFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteAiArtist($id: ID!) {\n    deleteAiArtist(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteAiArtist($id: ID!) {\n    deleteAiArtist(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AiArtistChoices {\n    aiArtists {\n      id\n      name\n      isMine\n      voiceType\n    }\n  }\n"): (typeof documents)["\n  query AiArtistChoices {\n    aiArtists {\n      id\n      name\n      isMine\n      voiceType\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Me {\n    me {\n      id\n      username\n      email\n      avatarUrl\n      userTier\n      subscriptionStatus\n      monthlyGenerationLimit\n      canAccessAdmin\n      canGenerateMusic\n      canAccessDJ\n      canManageSongs\n      adminOverride\n    }\n  }\n"): (typeof documents)["\n  query Me {\n    me {\n      id\n      username\n      email\n      avatarUrl\n      userTier\n      subscriptionStatus\n      monthlyGenerationLimit\n      canAccessAdmin\n      canGenerateMusic\n      canAccessDJ\n      canManageSongs\n      adminOverride\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ExtendSong($input: ExtendSongInput!) {\n    extendSong(input: $input) {\n      id\n      status\n      title\n    }\n  }\n"): (typeof documents)["\n  mutation ExtendSong($input: ExtendSongInput!) {\n    extendSong(input: $input) {\n      id\n      status\n      title\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CoverSong($input: CoverSongInput!) {\n    coverSong(input: $input) {\n      id\n      status\n      title\n    }\n  }\n"): (typeof documents)["\n  mutation CoverSong($input: CoverSongInput!) {\n    coverSong(input: $input) {\n      id\n      status\n      title\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EditSongLyrics($input: EditSongLyricsInput!) {\n    editSongLyrics(input: $input) {\n      id\n      status\n      title\n    }\n  }\n"): (typeof documents)["\n  mutation EditSongLyrics($input: EditSongLyricsInput!) {\n    editSongLyrics(input: $input) {\n      id\n      status\n      title\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DjSetFields on DjSet {\n    active\n    voiceEnabled\n    voiceAvailable\n    voiceMessage\n    explanation\n    meanEnergyError\n    compatibleShare\n    dislikedCount\n    targetCurve {\n      minutes\n      energy\n    }\n    current {\n      ...DjEntryFields\n    }\n    upcoming {\n      ...DjEntryFields\n    }\n  }\n"): (typeof documents)["\n  fragment DjSetFields on DjSet {\n    active\n    voiceEnabled\n    voiceAvailable\n    voiceMessage\n    explanation\n    meanEnergyError\n    compatibleShare\n    dislikedCount\n    targetCurve {\n      minutes\n      energy\n    }\n    current {\n      ...DjEntryFields\n    }\n    upcoming {\n      ...DjEntryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DjEntryFields on DjEntry {\n    startsInSeconds\n    energy\n    targetEnergy\n    camelot\n    pinned\n    planned\n    linkText\n    transition {\n      kind\n      seconds\n      harmonic\n      tempo\n    }\n    song {\n      id\n      title\n      artist\n      genre\n      mood\n      bpm\n      key\n      duration\n      coverUrl\n      thumbnailUrl\n    }\n  }\n"): (typeof documents)["\n  fragment DjEntryFields on DjEntry {\n    startsInSeconds\n    energy\n    targetEnergy\n    camelot\n    pinned\n    planned\n    linkText\n    transition {\n      kind\n      seconds\n      harmonic\n      tempo\n    }\n    song {\n      id\n      title\n      artist\n      genre\n      mood\n      bpm\n      key\n      duration\n      coverUrl\n      thumbnailUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DjSet($timezone: String) {\n    djSet(timezone: $timezone) {\n      ...DjSetFields\n    }\n  }\n"): (typeof documents)["\n  query DjSet($timezone: String) {\n    djSet(timezone: $timezone) {\n      ...DjSetFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartDj($timezone: String) {\n    startDj(timezone: $timezone) {\n      set {\n        ...DjSetFields\n      }\n      queue {\n        ...PlayerQueueFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation StartDj($timezone: String) {\n    startDj(timezone: $timezone) {\n      set {\n        ...DjSetFields\n      }\n      queue {\n        ...PlayerQueueFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StopDj {\n    stopDj {\n      ...DjSetFields\n    }\n  }\n"): (typeof documents)["\n  mutation StopDj {\n    stopDj {\n      ...DjSetFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PinDjSong($songId: ID!, $pinned: Boolean!) {\n    pinDjSong(songId: $songId, pinned: $pinned) {\n      ...DjSetFields\n    }\n  }\n"): (typeof documents)["\n  mutation PinDjSong($songId: ID!, $pinned: Boolean!) {\n    pinDjSong(songId: $songId, pinned: $pinned) {\n      ...DjSetFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveDjSong($songId: ID!) {\n    removeDjSong(songId: $songId) {\n      ...DjSetFields\n    }\n  }\n"): (typeof documents)["\n  mutation RemoveDjSong($songId: ID!) {\n    removeDjSong(songId: $songId) {\n      ...DjSetFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MoveDjSong($songId: ID!, $toIndex: Int!) {\n    moveDjSong(songId: $songId, toIndex: $toIndex) {\n      ...DjSetFields\n    }\n  }\n"): (typeof documents)["\n  mutation MoveDjSong($songId: ID!, $toIndex: Int!) {\n    moveDjSong(songId: $songId, toIndex: $toIndex) {\n      ...DjSetFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RegenerateDjSet {\n    regenerateDjSet {\n      ...DjSetFields\n    }\n  }\n"): (typeof documents)["\n  mutation RegenerateDjSet {\n    regenerateDjSet {\n      ...DjSetFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetDjVoice($enabled: Boolean!) {\n    setDjVoice(enabled: $enabled) {\n      ...DjSetFields\n    }\n  }\n"): (typeof documents)["\n  mutation SetDjVoice($enabled: Boolean!) {\n    setDjVoice(enabled: $enabled) {\n      ...DjSetFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SongDownloads($songId: ID!) {\n    songDownloads(songId: $songId) {\n      songId\n      mp3Url\n      wavUrl\n      zipUrl\n      stems {\n        stem\n        url\n      }\n      unavailableReason\n    }\n  }\n"): (typeof documents)["\n  query SongDownloads($songId: ID!) {\n    songDownloads(songId: $songId) {\n      songId\n      mp3Url\n      wavUrl\n      zipUrl\n      stems {\n        stem\n        url\n      }\n      unavailableReason\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateVariation($songId: ID!) {\n    createVariation(songId: $songId) {\n      id\n      status\n      title\n    }\n  }\n"): (typeof documents)["\n  mutation CreateVariation($songId: ID!) {\n    createVariation(songId: $songId) {\n      id\n      status\n      title\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription GenerationUpdated {\n    generationUpdated {\n      requestId\n      status\n      createdAt\n      title\n      genres\n      moods\n      error\n      progress {\n        stage\n        percentage\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription GenerationUpdated {\n    generationUpdated {\n      requestId\n      status\n      createdAt\n      title\n      genres\n      moods\n      error\n      progress {\n        stage\n        percentage\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment GenerationFields on GenerationRequest {\n    id\n    status\n    prompt\n    title\n    genres\n    moods\n    error\n    failedAtStep\n    retryCount\n    durationSeconds\n    stages\n    createdAt\n    completedAt\n    progress {\n      stage\n      percentage\n    }\n  }\n"): (typeof documents)["\n  fragment GenerationFields on GenerationRequest {\n    id\n    status\n    prompt\n    title\n    genres\n    moods\n    error\n    failedAtStep\n    retryCount\n    durationSeconds\n    stages\n    createdAt\n    completedAt\n    progress {\n      stage\n      percentage\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Generations($first: Int, $after: String) {\n    generations(first: $first, after: $after) {\n      nodes {\n        ...GenerationFields\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n"): (typeof documents)["\n  query Generations($first: Int, $after: String) {\n    generations(first: $first, after: $after) {\n      nodes {\n        ...GenerationFields\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RetryGeneration($id: ID!) {\n    retryGeneration(id: $id) {\n      ...GenerationFields\n    }\n  }\n"): (typeof documents)["\n  mutation RetryGeneration($id: ID!) {\n    retryGeneration(id: $id) {\n      ...GenerationFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelGeneration($id: ID!) {\n    cancelGeneration(id: $id) {\n      ...GenerationFields\n    }\n  }\n"): (typeof documents)["\n  mutation CancelGeneration($id: ID!) {\n    cancelGeneration(id: $id) {\n      ...GenerationFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Home {\n    home {\n      recentlyPlayed {\n        ...LibrarySongFields\n      }\n      latestCreations {\n        ...LibrarySongFields\n      }\n      recentlyLiked {\n        ...LibrarySongFields\n      }\n      madeForYou {\n        ...LibrarySongFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query Home {\n    home {\n      recentlyPlayed {\n        ...LibrarySongFields\n      }\n      latestCreations {\n        ...LibrarySongFields\n      }\n      recentlyLiked {\n        ...LibrarySongFields\n      }\n      madeForYou {\n        ...LibrarySongFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment LibrarySongFields on Song {\n    id\n    title\n    artist\n    duration\n    audioUrl\n    coverUrl\n    thumbnailUrl\n    genre\n    mood\n    isLiked\n    likeCount\n    playCount\n    createdAt\n  }\n"): (typeof documents)["\n  fragment LibrarySongFields on Song {\n    id\n    title\n    artist\n    duration\n    audioUrl\n    coverUrl\n    thumbnailUrl\n    genre\n    mood\n    isLiked\n    likeCount\n    playCount\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LibrarySongs($first: Int!, $after: ID, $genre: String, $mine: Boolean!) {\n    songs(first: $first, after: $after, genre: $genre, mine: $mine) {\n      songs {\n        ...LibrarySongFields\n        moderationOutcome {\n          status\n          moderatorNotes\n          regeneration {\n            status\n            error\n            decision\n          }\n        }\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n"): (typeof documents)["\n  query LibrarySongs($first: Int!, $after: ID, $genre: String, $mine: Boolean!) {\n    songs(first: $first, after: $after, genre: $genre, mine: $mine) {\n      songs {\n        ...LibrarySongFields\n        moderationOutcome {\n          status\n          moderatorNotes\n          regeneration {\n            status\n            error\n            decision\n          }\n        }\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment LibrarySongPage on SongConnection {\n    edges {\n      cursor\n      node {\n        ...LibrarySongFields\n      }\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n"): (typeof documents)["\n  fragment LibrarySongPage on SongConnection {\n    edges {\n      cursor\n      node {\n        ...LibrarySongFields\n      }\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LikedSongs($first: Int!, $after: String) {\n    likedSongsConnection(first: $first, after: $after) {\n      totalCount\n      ...LibrarySongPage\n    }\n  }\n"): (typeof documents)["\n  query LikedSongs($first: Int!, $after: String) {\n    likedSongsConnection(first: $first, after: $after) {\n      totalCount\n      ...LibrarySongPage\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment EnergyCurvesFields on EnergyCurves {\n    perWeekday\n    everyDay {\n      hour\n      energy\n    }\n    weekdays {\n      monday { hour energy }\n      tuesday { hour energy }\n      wednesday { hour energy }\n      thursday { hour energy }\n      friday { hour energy }\n      saturday { hour energy }\n      sunday { hour energy }\n    }\n    moods {\n      morning\n      afternoon\n      evening\n      night\n    }\n  }\n"): (typeof documents)["\n  fragment EnergyCurvesFields on EnergyCurves {\n    perWeekday\n    everyDay {\n      hour\n      energy\n    }\n    weekdays {\n      monday { hour energy }\n      tuesday { hour energy }\n      wednesday { hour energy }\n      thursday { hour energy }\n      friday { hour energy }\n      saturday { hour energy }\n      sunday { hour energy }\n    }\n    moods {\n      morning\n      afternoon\n      evening\n      night\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ScheduleOverrideFields on ScheduleOverride {\n    id\n    name\n    description\n    energyLevel\n    preferredMoods\n    startDate\n    endDate\n    startTime\n    endTime\n    isActive\n  }\n"): (typeof documents)["\n  fragment ScheduleOverrideFields on ScheduleOverride {\n    id\n    name\n    description\n    energyLevel\n    preferredMoods\n    startDate\n    endDate\n    startTime\n    endTime\n    isActive\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MoodTime {\n    energySchedule {\n      isDefault\n      timezone\n      curves {\n        ...EnergyCurvesFields\n      }\n    }\n    energySchedulePresets {\n      id\n      name\n      description\n      curves {\n        ...EnergyCurvesFields\n      }\n    }\n    scheduleOverrides {\n      ...ScheduleOverrideFields\n    }\n    radioDials {\n      moods\n    }\n  }\n"): (typeof documents)["\n  query MoodTime {\n    energySchedule {\n      isDefault\n      timezone\n      curves {\n        ...EnergyCurvesFields\n      }\n    }\n    energySchedulePresets {\n      id\n      name\n      description\n      curves {\n        ...EnergyCurvesFields\n      }\n    }\n    scheduleOverrides {\n      ...ScheduleOverrideFields\n    }\n    radioDials {\n      moods\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EnergyNow($timezone: String) {\n    energyNow(timezone: $timezone) {\n      energy\n      moods\n      source\n      explanation\n    }\n  }\n"): (typeof documents)["\n  query EnergyNow($timezone: String) {\n    energyNow(timezone: $timezone) {\n      energy\n      moods\n      source\n      explanation\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SaveEnergySchedule($curves: EnergyCurvesInput!, $timezone: String) {\n    saveEnergySchedule(curves: $curves, timezone: $timezone) {\n      isDefault\n      timezone\n      curves {\n        ...EnergyCurvesFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SaveEnergySchedule($curves: EnergyCurvesInput!, $timezone: String) {\n    saveEnergySchedule(curves: $curves, timezone: $timezone) {\n      isDefault\n      timezone\n      curves {\n        ...EnergyCurvesFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateScheduleOverride($input: ScheduleOverrideInput!) {\n    createScheduleOverride(input: $input) {\n      ...ScheduleOverrideFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateScheduleOverride($input: ScheduleOverrideInput!) {\n    createScheduleOverride(input: $input) {\n      ...ScheduleOverrideFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateScheduleOverride($id: ID!, $input: ScheduleOverrideInput!) {\n    updateScheduleOverride(id: $id, input: $input) {\n      ...ScheduleOverrideFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateScheduleOverride($id: ID!, $input: ScheduleOverrideInput!) {\n    updateScheduleOverride(id: $id, input: $input) {\n      ...ScheduleOverrideFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetScheduleOverrideActive($id: ID!, $isActive: Boolean!) {\n    setScheduleOverrideActive(id: $id, isActive: $isActive) {\n      ...ScheduleOverrideFields\n    }\n  }\n"): (typeof documents)["\n  mutation SetScheduleOverrideActive($id: ID!, $isActive: Boolean!) {\n    setScheduleOverrideActive(id: $id, isActive: $isActive) {\n      ...ScheduleOverrideFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteScheduleOverride($id: ID!) {\n    deleteScheduleOverride(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteScheduleOverride($id: ID!) {\n    deleteScheduleOverride(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EnergySchedulePresets {\n    energySchedulePresets {\n      id\n      displayOrder\n      name\n      description\n      curves {\n        ...EnergyCurvesFields\n      }\n    }\n    energySchedule {\n      curves {\n        ...EnergyCurvesFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query EnergySchedulePresets {\n    energySchedulePresets {\n      id\n      displayOrder\n      name\n      description\n      curves {\n        ...EnergyCurvesFields\n      }\n    }\n    energySchedule {\n      curves {\n        ...EnergyCurvesFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateEnergySchedulePreset($input: EnergySchedulePresetInput!) {\n    createEnergySchedulePreset(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation CreateEnergySchedulePreset($input: EnergySchedulePresetInput!) {\n    createEnergySchedulePreset(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateEnergySchedulePreset($id: ID!, $input: EnergySchedulePresetInput!) {\n    updateEnergySchedulePreset(id: $id, input: $input) {\n      id\n      displayOrder\n      name\n      description\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateEnergySchedulePreset($id: ID!, $input: EnergySchedulePresetInput!) {\n    updateEnergySchedulePreset(id: $id, input: $input) {\n      id\n      displayOrder\n      name\n      description\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteEnergySchedulePreset($id: ID!) {\n    deleteEnergySchedulePreset(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteEnergySchedulePreset($id: ID!) {\n    deleteEnergySchedulePreset(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NowPlayingSong($id: ID!) {\n    song(id: $id) {\n      id\n      title\n      artist\n      album\n      coverUrl\n      genre\n      mood\n      bpm\n      key\n      lyrics\n      lrc\n      analysis {\n        waveformPeaks\n      }\n    }\n  }\n"): (typeof documents)["\n  query NowPlayingSong($id: ID!) {\n    song(id: $id) {\n      id\n      title\n      artist\n      album\n      coverUrl\n      genre\n      mood\n      bpm\n      key\n      lyrics\n      lrc\n      analysis {\n        waveformPeaks\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RemainingQuota {\n    myPlan {\n      generationsLeft\n      limits {\n        monthlyGenerations\n      }\n    }\n  }\n"): (typeof documents)["\n  query RemainingQuota {\n    myPlan {\n      generationsLeft\n      limits {\n        monthlyGenerations\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PlanFields on Plan {\n    tier\n    status\n    expiresAt\n    timezone\n    monthEnd\n    generationsThisMonth\n    generationsLeft\n    activeGenerations\n    storageBytes\n    paymentProvider\n    limits {\n      ...TierLimitsFields\n    }\n  }\n"): (typeof documents)["\n  fragment PlanFields on Plan {\n    tier\n    status\n    expiresAt\n    timezone\n    monthEnd\n    generationsThisMonth\n    generationsLeft\n    activeGenerations\n    storageBytes\n    paymentProvider\n    limits {\n      ...TierLimitsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TierLimitsFields on TierLimits {\n    tier\n    priceCents\n    monthlyGenerations\n    maxSongSeconds\n    concurrentJobs\n    queuePriority\n    extendedFeatures\n    storageBytes\n  }\n"): (typeof documents)["\n  fragment TierLimitsFields on TierLimits {\n    tier\n    priceCents\n    monthlyGenerations\n    maxSongSeconds\n    concurrentJobs\n    queuePriority\n    extendedFeatures\n    storageBytes\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Pricing {\n    tiers {\n      ...TierLimitsFields\n    }\n    myPlan {\n      ...PlanFields\n    }\n  }\n"): (typeof documents)["\n  query Pricing {\n    tiers {\n      ...TierLimitsFields\n    }\n    myPlan {\n      ...PlanFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RedeemPlanCode($code: String!) {\n    redeemPlanCode(code: $code) {\n      ...PlanFields\n    }\n  }\n"): (typeof documents)["\n  mutation RedeemPlanCode($code: String!) {\n    redeemPlanCode(code: $code) {\n      ...PlanFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelSubscription {\n    cancelSubscription {\n      ...PlanFields\n    }\n  }\n"): (typeof documents)["\n  mutation CancelSubscription {\n    cancelSubscription {\n      ...PlanFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PlanCodeFields on PlanCode {\n    id\n    codeHint\n    tier\n    durationDays\n    expiresAt\n    note\n    createdBy\n    createdAt\n    redeemedBy\n    redeemedAt\n    revokedBy\n    revokedAt\n  }\n"): (typeof documents)["\n  fragment PlanCodeFields on PlanCode {\n    id\n    codeHint\n    tier\n    durationDays\n    expiresAt\n    note\n    createdBy\n    createdAt\n    redeemedBy\n    redeemedAt\n    revokedBy\n    revokedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlanCodes {\n    planCodes {\n      ...PlanCodeFields\n    }\n  }\n"): (typeof documents)["\n  query PlanCodes {\n    planCodes {\n      ...PlanCodeFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation IssuePlanCodes($input: IssuePlanCodesInput!) {\n    issuePlanCodes(input: $input) {\n      codes\n      planCodes {\n        ...PlanCodeFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation IssuePlanCodes($input: IssuePlanCodesInput!) {\n    issuePlanCodes(input: $input) {\n      codes\n      planCodes {\n        ...PlanCodeFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokePlanCode($id: ID!) {\n    revokePlanCode(id: $id) {\n      ...PlanCodeFields\n    }\n  }\n"): (typeof documents)["\n  mutation RevokePlanCode($id: ID!) {\n    revokePlanCode(id: $id) {\n      ...PlanCodeFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartCheckout($tier: String!) {\n    startCheckout(tier: $tier)\n  }\n"): (typeof documents)["\n  mutation StartCheckout($tier: String!) {\n    startCheckout(tier: $tier)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation OpenBillingPortal {\n    openBillingPortal\n  }\n"): (typeof documents)["\n  mutation OpenBillingPortal {\n    openBillingPortal\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PlayerQueueFields on Queue {\n    version\n    radioGenre\n    djActive\n    currentSong {\n      ...PlayerSongFields\n    }\n    upcomingQueue {\n      ...PlayerSongFields\n    }\n    playHistory {\n      id\n      title\n      artist\n      duration\n      audioUrl\n      coverUrl\n      thumbnailUrl\n      genre\n      mood\n    }\n  }\n\n  fragment PlayerSongFields on Song {\n    id\n    title\n    artist\n    duration\n    audioUrl\n    coverUrl\n    thumbnailUrl\n    genre\n    mood\n    isLiked\n    likeCount\n  }\n"): (typeof documents)["\n  fragment PlayerQueueFields on Queue {\n    version\n    radioGenre\n    djActive\n    currentSong {\n      ...PlayerSongFields\n    }\n    upcomingQueue {\n      ...PlayerSongFields\n    }\n    playHistory {\n      id\n      title\n      artist\n      duration\n      audioUrl\n      coverUrl\n      thumbnailUrl\n      genre\n      mood\n    }\n  }\n\n  fragment PlayerSongFields on Song {\n    id\n    title\n    artist\n    duration\n    audioUrl\n    coverUrl\n    thumbnailUrl\n    genre\n    mood\n    isLiked\n    likeCount\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlayerSongAnalysis($id: ID!) {\n    song(id: $id) {\n      id\n      analysis {\n        ...PlayerAnalysisFields\n      }\n    }\n  }\n\n  fragment PlayerAnalysisFields on SongAnalysis {\n    durationSeconds\n    bpm\n    beatOffsetSeconds\n    integratedLufs\n    introEndSeconds\n    outroStartSeconds\n    silenceRanges {\n      start\n      end\n    }\n  }\n"): (typeof documents)["\n  query PlayerSongAnalysis($id: ID!) {\n    song(id: $id) {\n      id\n      analysis {\n        ...PlayerAnalysisFields\n      }\n    }\n  }\n\n  fragment PlayerAnalysisFields on SongAnalysis {\n    durationSeconds\n    bpm\n    beatOffsetSeconds\n    integratedLufs\n    introEndSeconds\n    outroStartSeconds\n    silenceRanges {\n      start\n      end\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlayerQueue {\n    queue {\n      ...PlayerQueueFields\n    }\n  }\n"): (typeof documents)["\n  query PlayerQueue {\n    queue {\n      ...PlayerQueueFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation NextSong {\n    nextSong {\n      ...PlayerQueueFields\n    }\n  }\n"): (typeof documents)["\n  mutation NextSong {\n    nextSong {\n      ...PlayerQueueFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PreviousSong {\n    previousSong {\n      ...PlayerQueueFields\n    }\n  }\n"): (typeof documents)["\n  mutation PreviousSong {\n    previousSong {\n      ...PlayerQueueFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AutoAdvance($finishedSongId: ID!) {\n    autoAdvance(finishedSongId: $finishedSongId) {\n      ...PlayerQueueFields\n    }\n  }\n"): (typeof documents)["\n  mutation AutoAdvance($finishedSongId: ID!) {\n    autoAdvance(finishedSongId: $finishedSongId) {\n      ...PlayerQueueFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlaySong($id: ID!, $isGenreSelection: Boolean!) {\n    playSong(id: $id, isGenreSelection: $isGenreSelection) {\n      ...PlayerQueueFields\n    }\n  }\n"): (typeof documents)["\n  mutation PlaySong($id: ID!, $isGenreSelection: Boolean!) {\n    playSong(id: $id, isGenreSelection: $isGenreSelection) {\n      ...PlayerQueueFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription QueueChanged {\n    queueChanged {\n      ...PlayerQueueFields\n    }\n  }\n"): (typeof documents)["\n  subscription QueueChanged {\n    queueChanged {\n      ...PlayerQueueFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MixerSettings {\n    mixerSettings {\n      ...MixerSettingsFields\n    }\n  }\n\n  fragment MixerSettingsFields on MixerSettings {\n    crossfadeEnabled\n    crossfadeDuration\n    mixTightness\n    djModeEnabled\n    silenceEliminationEnabled\n    beatMatchedTransitions\n  }\n"): (typeof documents)["\n  query MixerSettings {\n    mixerSettings {\n      ...MixerSettingsFields\n    }\n  }\n\n  fragment MixerSettingsFields on MixerSettings {\n    crossfadeEnabled\n    crossfadeDuration\n    mixTightness\n    djModeEnabled\n    silenceEliminationEnabled\n    beatMatchedTransitions\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SaveMixerSettings($input: MixerSettingsInput!) {\n    saveMixerSettings(input: $input) {\n      ...MixerSettingsFields\n    }\n  }\n"): (typeof documents)["\n  mutation SaveMixerSettings($input: MixerSettingsInput!) {\n    saveMixerSettings(input: $input) {\n      ...MixerSettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SongLikeFields on Song {\n    id\n    isLiked\n    likeCount\n  }\n"): (typeof documents)["\n  fragment SongLikeFields on Song {\n    id\n    isLiked\n    likeCount\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LikeSong($songId: ID!) {\n    like(songId: $songId) {\n      ...SongLikeFields\n    }\n  }\n"): (typeof documents)["\n  mutation LikeSong($songId: ID!) {\n    like(songId: $songId) {\n      ...SongLikeFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UnlikeSong($songId: ID!) {\n    unlike(songId: $songId) {\n      ...SongLikeFields\n    }\n  }\n"): (typeof documents)["\n  mutation UnlikeSong($songId: ID!) {\n    unlike(songId: $songId) {\n      ...SongLikeFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DjVoiceLink($fromSongId: ID!, $toSongId: ID!) {\n    djVoiceLink(fromSongId: $fromSongId, toSongId: $toSongId) {\n      text\n      audioUrl\n      durationSeconds\n    }\n  }\n"): (typeof documents)["\n  query DjVoiceLink($fromSongId: ID!, $toSongId: ID!) {\n    djVoiceLink(fromSongId: $fromSongId, toSongId: $toSongId) {\n      text\n      audioUrl\n      durationSeconds\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GenerationStreamOutcome($id: ID!) {\n    generation(id: $id) {\n      id\n      status\n      song {\n        ...PlayerSongFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query GenerationStreamOutcome($id: ID!) {\n    generation(id: $id) {\n      id\n      status\n      song {\n        ...PlayerSongFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PlaylistSummaryFields on Playlist {\n    id\n    name\n    description\n    isPublic\n    isOwner\n    ownerName\n    songCount\n    totalDuration\n    coverUrls\n    updatedAt\n  }\n\n  fragment PlaylistDetailFields on Playlist {\n    ...PlaylistSummaryFields\n    songs {\n      position\n      addedAt\n      song {\n        ...LibrarySongFields\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment PlaylistSummaryFields on Playlist {\n    id\n    name\n    description\n    isPublic\n    isOwner\n    ownerName\n    songCount\n    totalDuration\n    coverUrls\n    updatedAt\n  }\n\n  fragment PlaylistDetailFields on Playlist {\n    ...PlaylistSummaryFields\n    songs {\n      position\n      addedAt\n      song {\n        ...LibrarySongFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Playlists {\n    playlists {\n      ...PlaylistSummaryFields\n    }\n  }\n"): (typeof documents)["\n  query Playlists {\n    playlists {\n      ...PlaylistSummaryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Playlist($id: ID!) {\n    playlist(id: $id) {\n      ...PlaylistDetailFields\n    }\n  }\n"): (typeof documents)["\n  query Playlist($id: ID!) {\n    playlist(id: $id) {\n      ...PlaylistDetailFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePlaylist($name: String!, $songIds: [ID!]) {\n    createPlaylist(name: $name, songIds: $songIds) {\n      ...PlaylistDetailFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreatePlaylist($name: String!, $songIds: [ID!]) {\n    createPlaylist(name: $name, songIds: $songIds) {\n      ...PlaylistDetailFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RenamePlaylist($id: ID!, $name: String!) {\n    renamePlaylist(id: $id, name: $name) {\n      ...PlaylistSummaryFields\n    }\n  }\n"): (typeof documents)["\n  mutation RenamePlaylist($id: ID!, $name: String!) {\n    renamePlaylist(id: $id, name: $name) {\n      ...PlaylistSummaryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DescribePlaylist($id: ID!, $description: String) {\n    describePlaylist(id: $id, description: $description) {\n      ...PlaylistSummaryFields\n    }\n  }\n"): (typeof documents)["\n  mutation DescribePlaylist($id: ID!, $description: String) {\n    describePlaylist(id: $id, description: $description) {\n      ...PlaylistSummaryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetPlaylistPublic($id: ID!, $isPublic: Boolean!) {\n    setPlaylistPublic(id: $id, isPublic: $isPublic) {\n      ...PlaylistSummaryFields\n    }\n  }\n"): (typeof documents)["\n  mutation SetPlaylistPublic($id: ID!, $isPublic: Boolean!) {\n    setPlaylistPublic(id: $id, isPublic: $isPublic) {\n      ...PlaylistSummaryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeletePlaylist($id: ID!) {\n    deletePlaylist(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeletePlaylist($id: ID!) {\n    deletePlaylist(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddSongsToPlaylist($id: ID!, $songIds: [ID!]!) {\n    addSongsToPlaylist(id: $id, songIds: $songIds) {\n      ...PlaylistDetailFields\n    }\n  }\n"): (typeof documents)["\n  mutation AddSongsToPlaylist($id: ID!, $songIds: [ID!]!) {\n    addSongsToPlaylist(id: $id, songIds: $songIds) {\n      ...PlaylistDetailFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveSongsFromPlaylist($id: ID!, $songIds: [ID!]!) {\n    removeSongsFromPlaylist(id: $id, songIds: $songIds) {\n      ...PlaylistDetailFields\n    }\n  }\n"): (typeof documents)["\n  mutation RemoveSongsFromPlaylist($id: ID!, $songIds: [ID!]!) {\n    removeSongsFromPlaylist(id: $id, songIds: $songIds) {\n      ...PlaylistDetailFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MoveSongInPlaylist($id: ID!, $songId: ID!, $toPosition: Int!) {\n    moveSongInPlaylist(id: $id, songId: $songId, toPosition: $toPosition) {\n      ...PlaylistDetailFields\n    }\n  }\n"): (typeof documents)["\n  mutation MoveSongInPlaylist($id: ID!, $songId: ID!, $toPosition: Int!) {\n    moveSongInPlaylist(id: $id, songId: $songId, toPosition: $toPosition) {\n      ...PlaylistDetailFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DuplicatePlaylist($id: ID!) {\n    duplicatePlaylist(id: $id) {\n      ...PlaylistDetailFields\n    }\n  }\n"): (typeof documents)["\n  mutation DuplicatePlaylist($id: ID!) {\n    duplicatePlaylist(id: $id) {\n      ...PlaylistDetailFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlayPlaylist($id: ID!, $startSongId: ID, $shuffle: Boolean!) {\n    playPlaylist(id: $id, startSongId: $startSongId, shuffle: $shuffle) {\n      ...PlayerQueueFields\n    }\n  }\n"): (typeof documents)["\n  mutation PlayPlaylist($id: ID!, $startSongId: ID, $shuffle: Boolean!) {\n    playPlaylist(id: $id, startSongId: $startSongId, shuffle: $shuffle) {\n      ...PlayerQueueFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EnqueuePlaylist($id: ID!, $next: Boolean!) {\n    enqueuePlaylist(id: $id, next: $next) {\n      ...PlayerQueueFields\n    }\n  }\n"): (typeof documents)["\n  mutation EnqueuePlaylist($id: ID!, $next: Boolean!) {\n    enqueuePlaylist(id: $id, next: $next) {\n      ...PlayerQueueFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription PlaylistChanged($playlistId: ID) {\n    playlistChanged(playlistId: $playlistId) {\n      playlistId\n      playlist {\n        ...PlaylistDetailFields\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription PlaylistChanged($playlistId: ID) {\n    playlistChanged(playlistId: $playlistId) {\n      playlistId\n      playlist {\n        ...PlaylistDetailFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProfileFields on Profile {\n    userId\n    username\n    displayName\n    bio\n    avatarUrl\n    avatarSmallUrl\n    isOwn\n    memberSince\n    stats {\n      songsCreated\n      plays\n      likesReceived\n      topGenres {\n        genre\n        songs\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment ProfileFields on Profile {\n    userId\n    username\n    displayName\n    bio\n    avatarUrl\n    avatarSmallUrl\n    isOwn\n    memberSince\n    stats {\n      songsCreated\n      plays\n      likesReceived\n      topGenres {\n        genre\n        songs\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProfileListsFields on Profile {\n    userId\n    songsConnection(first: $songsFirst) {\n      ...LibrarySongPage\n    }\n    playlistsConnection(first: $playlistsFirst) {\n      ...ProfilePlaylistsPage\n    }\n  }\n"): (typeof documents)["\n  fragment ProfileListsFields on Profile {\n    userId\n    songsConnection(first: $songsFirst) {\n      ...LibrarySongPage\n    }\n    playlistsConnection(first: $playlistsFirst) {\n      ...ProfilePlaylistsPage\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProfilePlaylistsPage on PlaylistConnection {\n    edges {\n      cursor\n      node {\n        id\n        name\n        songCount\n      }\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n"): (typeof documents)["\n  fragment ProfilePlaylistsPage on PlaylistConnection {\n    edges {\n      cursor\n      node {\n        id\n        name\n        songCount\n      }\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyProfile($songsFirst: Int!, $playlistsFirst: Int!) {\n    myProfile {\n      ...ProfileFields\n      ...ProfileListsFields\n    }\n  }\n"): (typeof documents)["\n  query MyProfile($songsFirst: Int!, $playlistsFirst: Int!) {\n    myProfile {\n      ...ProfileFields\n      ...ProfileListsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PublicProfile($username: String!, $songsFirst: Int!, $playlistsFirst: Int!) {\n    profile(username: $username) {\n      ...ProfileFields\n      ...ProfileListsFields\n    }\n  }\n"): (typeof documents)["\n  query PublicProfile($username: String!, $songsFirst: Int!, $playlistsFirst: Int!) {\n    profile(username: $username) {\n      ...ProfileFields\n      ...ProfileListsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProfileSongsPage($username: String!, $first: Int!, $after: String) {\n    profile(username: $username) {\n      userId\n      songsConnection(first: $first, after: $after) {\n        ...LibrarySongPage\n      }\n    }\n  }\n"): (typeof documents)["\n  query ProfileSongsPage($username: String!, $first: Int!, $after: String) {\n    profile(username: $username) {\n      userId\n      songsConnection(first: $first, after: $after) {\n        ...LibrarySongPage\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProfilePlaylistsPage($username: String!, $first: Int!, $after: String) {\n    profile(username: $username) {\n      userId\n      playlistsConnection(first: $first, after: $after) {\n        ...ProfilePlaylistsPage\n      }\n    }\n  }\n"): (typeof documents)["\n  query ProfilePlaylistsPage($username: String!, $first: Int!, $after: String) {\n    profile(username: $username) {\n      userId\n      playlistsConnection(first: $first, after: $after) {\n        ...ProfilePlaylistsPage\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProfileDetails($displayName: String, $bio: String) {\n    updateProfileDetails(displayName: $displayName, bio: $bio) {\n      ...ProfileFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateProfileDetails($displayName: String, $bio: String) {\n    updateProfileDetails(displayName: $displayName, bio: $bio) {\n      ...ProfileFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveAvatar {\n    removeAvatar {\n      ...ProfileFields\n    }\n  }\n"): (typeof documents)["\n  mutation RemoveAvatar {\n    removeAvatar {\n      ...ProfileFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Enqueue($songId: ID!) {\n    enqueue(songId: $songId) {\n      ...PlayerQueueFields\n    }\n  }\n"): (typeof documents)["\n  mutation Enqueue($songId: ID!) {\n    enqueue(songId: $songId) {\n      ...PlayerQueueFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlayNext($songId: ID!) {\n    playNext(songId: $songId) {\n      ...PlayerQueueFields\n    }\n  }\n"): (typeof documents)["\n  mutation PlayNext($songId: ID!) {\n    playNext(songId: $songId) {\n      ...PlayerQueueFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MoveInQueue($from: Int!, $to: Int!) {\n    moveInQueue(from: $from, to: $to) {\n      ...PlayerQueueFields\n    }\n  }\n"): (typeof documents)["\n  mutation MoveInQueue($from: Int!, $to: Int!) {\n    moveInQueue(from: $from, to: $to) {\n      ...PlayerQueueFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveFromQueue($index: Int!) {\n    removeFromQueue(index: $index) {\n      ...PlayerQueueFields\n    }\n  }\n"): (typeof documents)["\n  mutation RemoveFromQueue($index: Int!) {\n    removeFromQueue(index: $index) {\n      ...PlayerQueueFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ClearQueue {\n    clearQueue {\n      ...PlayerQueueFields\n    }\n  }\n"): (typeof documents)["\n  mutation ClearQueue {\n    clearQueue {\n      ...PlayerQueueFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlaySongs($songIds: [ID!]!, $startIndex: Int!) {\n    playSongs(songIds: $songIds, startIndex: $startIndex) {\n      ...PlayerQueueFields\n    }\n  }\n"): (typeof documents)["\n  mutation PlaySongs($songIds: [ID!]!, $startIndex: Int!) {\n    playSongs(songIds: $songIds, startIndex: $startIndex) {\n      ...PlayerQueueFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlaySmartPlaylist($id: ID!, $shuffle: Boolean!) {\n    playSmartPlaylist(id: $id, shuffle: $shuffle) {\n      ...PlayerQueueFields\n    }\n  }\n"): (typeof documents)["\n  mutation PlaySmartPlaylist($id: ID!, $shuffle: Boolean!) {\n    playSmartPlaylist(id: $id, shuffle: $shuffle) {\n      ...PlayerQueueFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlayAiArtist($id: ID!) {\n    playAiArtist(id: $id) {\n      ...PlayerQueueFields\n    }\n  }\n"): (typeof documents)["\n  mutation PlayAiArtist($id: ID!) {\n    playAiArtist(id: $id) {\n      ...PlayerQueueFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RadioStationFields on RadioStation {\n    id\n    genre\n    mood\n    description\n    songCount\n    isActive\n    displayOrder\n    artUrl\n    songsAvailable\n    songsInMaking\n  }\n"): (typeof documents)["\n  fragment RadioStationFields on RadioStation {\n    id\n    genre\n    mood\n    description\n    songCount\n    isActive\n    displayOrder\n    artUrl\n    songsAvailable\n    songsInMaking\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RadioStations($includeInactive: Boolean!) {\n    radioStations(includeInactive: $includeInactive) {\n      ...RadioStationFields\n    }\n  }\n"): (typeof documents)["\n  query RadioStations($includeInactive: Boolean!) {\n    radioStations(includeInactive: $includeInactive) {\n      ...RadioStationFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateRadioStation($id: ID!, $input: RadioStationInput!) {\n    updateRadioStation(id: $id, input: $input) {\n      ...RadioStationFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateRadioStation($id: ID!, $input: RadioStationInput!) {\n    updateRadioStation(id: $id, input: $input) {\n      ...RadioStationFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateRadioStation($input: NewRadioStationInput!) {\n    createRadioStation(input: $input) {\n      ...RadioStationFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateRadioStation($input: NewRadioStationInput!) {\n    createRadioStation(input: $input) {\n      ...RadioStationFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlayRadioStation($genre: String!) {\n    playRadioStation(genre: $genre) {\n      ...PlayerQueueFields\n    }\n  }\n"): (typeof documents)["\n  mutation PlayRadioStation($genre: String!) {\n    playRadioStation(genre: $genre) {\n      ...PlayerQueueFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RadioTuningFields on RadioTuning {\n    genres\n    moods\n    energy\n    tempoMin\n    tempoMax\n    freshness\n  }\n"): (typeof documents)["\n  fragment RadioTuningFields on RadioTuning {\n    genres\n    moods\n    energy\n    tempoMin\n    tempoMax\n    freshness\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RadioDials {\n    radioDials {\n      genres\n      moods\n      defaults {\n        ...RadioTuningFields\n      }\n    }\n    queue {\n      radioTuning {\n        ...RadioTuningFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query RadioDials {\n    radioDials {\n      genres\n      moods\n      defaults {\n        ...RadioTuningFields\n      }\n    }\n    queue {\n      radioTuning {\n        ...RadioTuningFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TuneRadio($tuning: RadioTuningInput!) {\n    tuneRadio(tuning: $tuning) {\n      songsRequested\n      songsInProgress\n      note\n      queue {\n        ...PlayerQueueFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation TuneRadio($tuning: RadioTuningInput!) {\n    tuneRadio(tuning: $tuning) {\n      songsRequested\n      songsInProgress\n      note\n      queue {\n        ...PlayerQueueFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Search($text: String!) {\n    search(text: $text) {\n      songs {\n        ...LibrarySongFields\n      }\n      playlists {\n        id\n        name\n        ownerName\n        isOwner\n        songCount\n        coverUrls\n      }\n      artists {\n        name\n        songCount\n        coverUrl\n      }\n    }\n  }\n"): (typeof documents)["\n  query Search($text: String!) {\n    search(text: $text) {\n      songs {\n        ...LibrarySongFields\n      }\n      playlists {\n        id\n        name\n        ownerName\n        isOwner\n        songCount\n        coverUrls\n      }\n      artists {\n        name\n        songCount\n        coverUrl\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlayArtist($name: String!) {\n    playArtist(name: $name) {\n      ...PlayerQueueFields\n    }\n  }\n"): (typeof documents)["\n  mutation PlayArtist($name: String!) {\n    playArtist(name: $name) {\n      ...PlayerQueueFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PreferencesFields on Preferences {\n    theme\n    shuffleEnabled\n    repeatMode\n    crossfadeEnabled\n    crossfadeDuration\n    mixTightness\n    preferredGenres\n    preferredMoods\n  }\n"): (typeof documents)["\n  fragment PreferencesFields on Preferences {\n    theme\n    shuffleEnabled\n    repeatMode\n    crossfadeEnabled\n    crossfadeDuration\n    mixTightness\n    preferredGenres\n    preferredMoods\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Preferences {\n    preferences {\n      ...PreferencesFields\n    }\n  }\n"): (typeof documents)["\n  query Preferences {\n    preferences {\n      ...PreferencesFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdatePreferences($input: PreferencesInput!) {\n    updatePreferences(input: $input) {\n      ...PreferencesFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdatePreferences($input: PreferencesInput!) {\n    updatePreferences(input: $input) {\n      ...PreferencesFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription PreferencesChanged {\n    preferencesChanged {\n      ...PreferencesFields\n    }\n  }\n"): (typeof documents)["\n  subscription PreferencesChanged {\n    preferencesChanged {\n      ...PreferencesFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GenerationDefaults {\n    me {\n      id\n      defaultDuration\n      generateAlbumArt\n      generateLyrics\n    }\n  }\n"): (typeof documents)["\n  query GenerationDefaults {\n    me {\n      id\n      defaultDuration\n      generateAlbumArt\n      generateLyrics\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateGenerationDefaults($input: ProfileInput!) {\n    updateProfile(input: $input) {\n      id\n      defaultDuration\n      generateAlbumArt\n      generateLyrics\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateGenerationDefaults($input: ProfileInput!) {\n    updateProfile(input: $input) {\n      id\n      defaultDuration\n      generateAlbumArt\n      generateLyrics\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SmartPlaylistFields on SmartPlaylist {\n    id\n    name\n    rules\n    updatedAt\n  }\n"): (typeof documents)["\n  fragment SmartPlaylistFields on SmartPlaylist {\n    id\n    name\n    rules\n    updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SmartPlaylists {\n    smartPlaylists {\n      ...SmartPlaylistFields\n    }\n    smartPlaylistPresets {\n      name\n      description\n      rules\n    }\n  }\n"): (typeof documents)["\n  query SmartPlaylists {\n    smartPlaylists {\n      ...SmartPlaylistFields\n    }\n    smartPlaylistPresets {\n      name\n      description\n      rules\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SmartPlaylistSongs($rules: JSONObject!, $first: Int) {\n    smartPlaylistSongs(rules: $rules, first: $first) {\n      count\n      songs {\n        ...LibrarySongFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query SmartPlaylistSongs($rules: JSONObject!, $first: Int) {\n    smartPlaylistSongs(rules: $rules, first: $first) {\n      count\n      songs {\n        ...LibrarySongFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateSmartPlaylist($name: String!, $rules: JSONObject!) {\n    createSmartPlaylist(name: $name, rules: $rules) {\n      ...SmartPlaylistFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateSmartPlaylist($name: String!, $rules: JSONObject!) {\n    createSmartPlaylist(name: $name, rules: $rules) {\n      ...SmartPlaylistFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateSmartPlaylist($id: ID!, $name: String, $rules: JSONObject) {\n    updateSmartPlaylist(id: $id, name: $name, rules: $rules) {\n      ...SmartPlaylistFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateSmartPlaylist($id: ID!, $name: String, $rules: JSONObject) {\n    updateSmartPlaylist(id: $id, name: $name, rules: $rules) {\n      ...SmartPlaylistFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteSmartPlaylist($id: ID!) {\n    deleteSmartPlaylist(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteSmartPlaylist($id: ID!) {\n    deleteSmartPlaylist(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ManagedSongFields on ManagedSong {\n    id\n    title\n    artist\n    genre\n    mood\n    lyrics\n    lrc\n    duration\n    audioUrl\n    coverUrl\n    thumbnailUrl\n    isPublic\n    canBeShared\n    ownerName\n    playCount\n    likeCount\n    createdAt\n  }\n"): (typeof documents)["\n  fragment ManagedSongFields on ManagedSong {\n    id\n    title\n    artist\n    genre\n    mood\n    lyrics\n    lrc\n    duration\n    audioUrl\n    coverUrl\n    thumbnailUrl\n    isPublic\n    canBeShared\n    ownerName\n    playCount\n    likeCount\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ManagedSongs($all: Boolean!, $first: Int!, $after: String) {\n    managedSongsConnection(all: $all, first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          ...ManagedSongFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query ManagedSongs($all: Boolean!, $first: Int!, $after: String) {\n    managedSongsConnection(all: $all, first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          ...ManagedSongFields\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CoverChoices {\n    coverChoices {\n      songId\n      title\n      coverUrl\n      thumbnailUrl\n    }\n  }\n"): (typeof documents)["\n  query CoverChoices {\n    coverChoices {\n      songId\n      title\n      coverUrl\n      thumbnailUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateManagedSong($id: ID!, $input: ManagedSongInput!) {\n    updateManagedSong(id: $id, input: $input) {\n      ...ManagedSongFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateManagedSong($id: ID!, $input: ManagedSongInput!) {\n    updateManagedSong(id: $id, input: $input) {\n      ...ManagedSongFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetSongsVisibility($songIds: [ID!]!, $isPublic: Boolean, $canBeShared: Boolean) {\n    setSongsVisibility(songIds: $songIds, isPublic: $isPublic, canBeShared: $canBeShared) {\n      ...ManagedSongFields\n    }\n  }\n"): (typeof documents)["\n  mutation SetSongsVisibility($songIds: [ID!]!, $isPublic: Boolean, $canBeShared: Boolean) {\n    setSongsVisibility(songIds: $songIds, isPublic: $isPublic, canBeShared: $canBeShared) {\n      ...ManagedSongFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteSongs($songIds: [ID!]!) {\n    deleteSongs(songIds: $songIds)\n  }\n"): (typeof documents)["\n  mutation DeleteSongs($songIds: [ID!]!) {\n    deleteSongs(songIds: $songIds)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query StudioDefaults {\n    me {\n      id\n      defaultDuration\n      generateAlbumArt\n      generateLyrics\n    }\n    myPlan {\n      tier\n      generationsLeft\n      limits {\n        monthlyGenerations\n        maxSongSeconds\n      }\n    }\n  }\n"): (typeof documents)["\n  query StudioDefaults {\n    me {\n      id\n      defaultDuration\n      generateAlbumArt\n      generateLyrics\n    }\n    myPlan {\n      tier\n      generationsLeft\n      limits {\n        monthlyGenerations\n        maxSongSeconds\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SongPlanFields on SongPlan {\n    genre\n    mood\n    bpm\n    key\n    instruments\n    title\n    durationSeconds\n    seed\n    withLyrics\n    withCoverArt\n    summary\n  }\n"): (typeof documents)["\n  fragment SongPlanFields on SongPlan {\n    genre\n    mood\n    bpm\n    key\n    instruments\n    title\n    durationSeconds\n    seed\n    withLyrics\n    withCoverArt\n    summary\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PlanSong($input: GenerateSongInput!) {\n    planSong(input: $input) {\n      ...SongPlanFields\n    }\n  }\n"): (typeof documents)["\n  query PlanSong($input: GenerateSongInput!) {\n    planSong(input: $input) {\n      ...SongPlanFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation GenerateSong($input: GenerateSongInput!) {\n    generateSong(input: $input) {\n      id\n      status\n      progress {\n        stage\n        percentage\n      }\n      stages\n    }\n  }\n"): (typeof documents)["\n  mutation GenerateSong($input: GenerateSongInput!) {\n    generateSong(input: $input) {\n      id\n      status\n      progress {\n        stage\n        percentage\n      }\n      stages\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GenerationResult($id: ID!) {\n    generation(id: $id) {\n      id\n      status\n      error\n      progress {\n        stage\n        percentage\n      }\n      stages\n      plan {\n        ...SongPlanFields\n      }\n      song {\n        id\n        title\n        artist\n        audioUrl\n        coverUrl\n        thumbnailUrl\n        duration\n        bpm\n        key\n        lyrics\n        genre\n        mood\n      }\n    }\n  }\n"): (typeof documents)["\n  query GenerationResult($id: ID!) {\n    generation(id: $id) {\n      id\n      status\n      error\n      progress {\n        stage\n        percentage\n      }\n      stages\n      plan {\n        ...SongPlanFields\n      }\n      song {\n        id\n        title\n        artist\n        audioUrl\n        coverUrl\n        thumbnailUrl\n        duration\n        bpm\n        key\n        lyrics\n        genre\n        mood\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query UsageBreakdown($month: String, $allUsers: Boolean) {\n    usageBreakdown(month: $month, allUsers: $allUsers) {\n      month\n      timezone\n      months\n      allUsers\n      costModel {\n        cpuSecondPrice\n        gbMonthPrice\n        source\n      }\n      totals {\n        generations\n        audioSeconds\n        cpuSeconds\n        wallSeconds\n        queueWaitSeconds\n        retries\n        storageBytes\n        cost\n      }\n      days {\n        date\n        generations\n        cpuSeconds\n        cost\n      }\n      stages {\n        stage\n        cpuSeconds\n        cost\n      }\n      genres {\n        genre\n        generations\n        cost\n      }\n      topSongs {\n        requestId\n        title\n        genre\n        username\n        createdAt\n        cpuSeconds\n        storageBytes\n        cost\n      }\n      storage {\n        bytes\n        monthlyCost\n      }\n      users {\n        userId\n        username\n        generations\n        cpuSeconds\n        storageBytes\n        cost\n      }\n    }\n  }\n"): (typeof documents)["\n  query UsageBreakdown($month: String, $allUsers: Boolean) {\n    usageBreakdown(month: $month, allUsers: $allUsers) {\n      month\n      timezone\n      months\n      allUsers\n      costModel {\n        cpuSecondPrice\n        gbMonthPrice\n        source\n      }\n      totals {\n        generations\n        audioSeconds\n        cpuSeconds\n        wallSeconds\n        queueWaitSeconds\n        retries\n        storageBytes\n        cost\n      }\n      days {\n        date\n        generations\n        cpuSeconds\n        cost\n      }\n      stages {\n        stage\n        cpuSeconds\n        cost\n      }\n      genres {\n        genre\n        generations\n        cost\n      }\n      topSongs {\n        requestId\n        title\n        genre\n        username\n        createdAt\n        cpuSeconds\n        storageBytes\n        cost\n      }\n      storage {\n        bytes\n        monthlyCost\n      }\n      users {\n        userId\n        username\n        generations\n        cpuSeconds\n        storageBytes\n        cost\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;