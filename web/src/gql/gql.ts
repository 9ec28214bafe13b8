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
    "\n  query Me {\n    me {\n      id\n      username\n      email\n      avatarUrl\n      userTier\n      subscriptionStatus\n      monthlyGenerationLimit\n      canAccessAdmin\n      canGenerateMusic\n      canAccessDJ\n      canManageSongs\n      adminOverride\n    }\n  }\n": typeof types.MeDocument,
    "\n  subscription GenerationUpdated {\n    generationUpdated {\n      requestId\n      status\n      createdAt\n      title\n      genres\n      moods\n      error\n      progress {\n        stage\n        percentage\n      }\n    }\n  }\n": typeof types.GenerationUpdatedDocument,
    "\n  fragment GenerationFields on GenerationRequest {\n    id\n    status\n    prompt\n    title\n    genres\n    moods\n    error\n    failedAtStep\n    retryCount\n    durationSeconds\n    createdAt\n    completedAt\n    progress {\n      stage\n      percentage\n    }\n  }\n": typeof types.GenerationFieldsFragmentDoc,
    "\n  query Generations($first: Int, $after: String) {\n    generations(first: $first, after: $after) {\n      nodes {\n        ...GenerationFields\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n": typeof types.GenerationsDocument,
    "\n  mutation RetryGeneration($id: ID!) {\n    retryGeneration(id: $id) {\n      ...GenerationFields\n    }\n  }\n": typeof types.RetryGenerationDocument,
    "\n  mutation CancelGeneration($id: ID!) {\n    cancelGeneration(id: $id) {\n      ...GenerationFields\n    }\n  }\n": typeof types.CancelGenerationDocument,
    "\n  fragment LibrarySongFields on Song {\n    id\n    title\n    artist\n    duration\n    audioUrl\n    coverUrl\n    thumbnailUrl\n    genre\n    mood\n    isLiked\n    likeCount\n    playCount\n    createdAt\n  }\n": typeof types.LibrarySongFieldsFragmentDoc,
    "\n  query LibrarySongs($first: Int!, $after: ID, $genre: String, $mine: Boolean!) {\n    songs(first: $first, after: $after, genre: $genre, mine: $mine) {\n      songs {\n        ...LibrarySongFields\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n": typeof types.LibrarySongsDocument,
    "\n  query LikedSongs {\n    likedSongs {\n      ...LibrarySongFields\n    }\n  }\n": typeof types.LikedSongsDocument,
    "\n  query NowPlayingSong($id: ID!) {\n    song(id: $id) {\n      id\n      title\n      artist\n      album\n      coverUrl\n      genre\n      mood\n      bpm\n      key\n      lyrics\n      lrc\n      analysis {\n        waveformPeaks\n      }\n    }\n  }\n": typeof types.NowPlayingSongDocument,
    "\n  fragment PlayerQueueFields on Queue {\n    version\n    radioGenre\n    currentSong {\n      ...PlayerSongFields\n    }\n    upcomingQueue {\n      ...PlayerSongFields\n    }\n    playHistory {\n      id\n      title\n      artist\n      duration\n      audioUrl\n      coverUrl\n      thumbnailUrl\n      genre\n      mood\n    }\n  }\n\n  fragment PlayerSongFields on Song {\n    id\n    title\n    artist\n    duration\n    audioUrl\n    coverUrl\n    thumbnailUrl\n    genre\n    mood\n    isLiked\n    likeCount\n    analysis {\n      durationSeconds\n      bpm\n      beatOffsetSeconds\n      integratedLufs\n      introEndSeconds\n      outroStartSeconds\n      silenceRanges {\n        start\n        end\n      }\n    }\n  }\n": typeof types.PlayerQueueFieldsFragmentDoc,
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
    "\n  mutation Enqueue($songId: ID!) {\n    enqueue(songId: $songId) {\n      ...PlayerQueueFields\n    }\n  }\n": typeof types.EnqueueDocument,
    "\n  mutation PlayNext($songId: ID!) {\n    playNext(songId: $songId) {\n      ...PlayerQueueFields\n    }\n  }\n": typeof types.PlayNextDocument,
    "\n  mutation MoveInQueue($from: Int!, $to: Int!) {\n    moveInQueue(from: $from, to: $to) {\n      ...PlayerQueueFields\n    }\n  }\n": typeof types.MoveInQueueDocument,
    "\n  mutation RemoveFromQueue($index: Int!) {\n    removeFromQueue(index: $index) {\n      ...PlayerQueueFields\n    }\n  }\n": typeof types.RemoveFromQueueDocument,
    "\n  mutation ClearQueue {\n    clearQueue {\n      ...PlayerQueueFields\n    }\n  }\n": typeof types.ClearQueueDocument,
    "\n  query StudioDefaults {\n    me {\n      id\n      defaultDuration\n      generateAlbumArt\n      generateLyrics\n      monthlyGenerationLimit\n      generationsLeftThisMonth\n    }\n  }\n": typeof types.StudioDefaultsDocument,
    "\n  fragment SongPlanFields on SongPlan {\n    genre\n    mood\n    bpm\n    key\n    instruments\n    title\n    durationSeconds\n    seed\n    withLyrics\n    withCoverArt\n    summary\n  }\n": typeof types.SongPlanFieldsFragmentDoc,
    "\n  query PlanSong($input: GenerateSongInput!) {\n    planSong(input: $input) {\n      ...SongPlanFields\n    }\n  }\n": typeof types.PlanSongDocument,
    "\n  mutation GenerateSong($input: GenerateSongInput!) {\n    generateSong(input: $input) {\n      id\n      status\n      progress {\n        stage\n        percentage\n      }\n      stages\n    }\n  }\n": typeof types.GenerateSongDocument,
    "\n  query GenerationResult($id: ID!) {\n    generation(id: $id) {\n      id\n      status\n      error\n      progress {\n        stage\n        percentage\n      }\n      stages\n      plan {\n        ...SongPlanFields\n      }\n      song {\n        id\n        title\n        artist\n        audioUrl\n        coverUrl\n        thumbnailUrl\n        duration\n        bpm\n        key\n        lyrics\n        genre\n        mood\n      }\n    }\n  }\n": typeof types.GenerationResultDocument,
};
const documents: Documents = {
    "\n  query Me {\n    me {\n      id\n      username\n      email\n      avatarUrl\n      userTier\n      subscriptionStatus\n      monthlyGenerationLimit\n      canAccessAdmin\n      canGenerateMusic\n      canAccessDJ\n      canManageSongs\n      adminOverride\n    }\n  }\n": types.MeDocument,
    "\n  subscription GenerationUpdated {\n    generationUpdated {\n      requestId\n      status\n      createdAt\n      title\n      genres\n      moods\n      error\n      progress {\n        stage\n        percentage\n      }\n    }\n  }\n": types.GenerationUpdatedDocument,
    "\n  fragment GenerationFields on GenerationRequest {\n    id\n    status\n    prompt\n    title\n    genres\n    moods\n    error\n    failedAtStep\n    retryCount\n    durationSeconds\n    createdAt\n    completedAt\n    progress {\n      stage\n      percentage\n    }\n  }\n": types.GenerationFieldsFragmentDoc,
    "\n  query Generations($first: Int, $after: String) {\n    generations(first: $first, after: $after) {\n      nodes {\n        ...GenerationFields\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n": types.GenerationsDocument,
    "\n  mutation RetryGeneration($id: ID!) {\n    retryGeneration(id: $id) {\n      ...GenerationFields\n    }\n  }\n": types.RetryGenerationDocument,
    "\n  mutation CancelGeneration($id: ID!) {\n    cancelGeneration(id: $id) {\n      ...GenerationFields\n    }\n  }\n": types.CancelGenerationDocument,
    "\n  fragment LibrarySongFields on Song {\n    id\n    title\n    artist\n    duration\n    audioUrl\n    coverUrl\n    thumbnailUrl\n    genre\n    mood\n    isLiked\n    likeCount\n    playCount\n    createdAt\n  }\n": types.LibrarySongFieldsFragmentDoc,
    "\n  query LibrarySongs($first: Int!, $after: ID, $genre: String, $mine: Boolean!) {\n    songs(first: $first, after: $after, genre: $genre, mine: $mine) {\n      songs {\n        ...LibrarySongFields\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n": types.LibrarySongsDocument,
    "\n  query LikedSongs {\n    likedSongs {\n      ...LibrarySongFields\n    }\n  }\n": types.LikedSongsDocument,
    "\n  query NowPlayingSong($id: ID!) {\n    song(id: $id) {\n      id\n      title\n      artist\n      album\n      coverUrl\n      genre\n      mood\n      bpm\n      key\n      lyrics\n      lrc\n      analysis {\n        waveformPeaks\n      }\n    }\n  }\n": types.NowPlayingSongDocument,
    "\n  fragment PlayerQueueFields on Queue {\n    version\n    radioGenre\n    currentSong {\n      ...PlayerSongFields\n    }\n    upcomingQueue {\n      ...PlayerSongFields\n    }\n    playHistory {\n      id\n      title\n      artist\n      duration\n      audioUrl\n      coverUrl\n      thumbnailUrl\n      genre\n      mood\n    }\n  }\n\n  fragment PlayerSongFields on Song {\n    id\n    title\n    artist\n    duration\n    audioUrl\n    coverUrl\n    thumbnailUrl\n    genre\n    mood\n    isLiked\n    likeCount\n    analysis {\n      durationSeconds\n      bpm\n      beatOffsetSeconds\n      integratedLufs\n      introEndSeconds\n      outroStartSeconds\n      silenceRanges {\n        start\n        end\n      }\n    }\n  }\n": types.PlayerQueueFieldsFragmentDoc,
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
    "\n  mutation Enqueue($songId: ID!) {\n    enqueue(songId: $songId) {\n      ...PlayerQueueFields\n    }\n  }\n": types.EnqueueDocument,
    "\n  mutation PlayNext($songId: ID!) {\n    playNext(songId: $songId) {\n      ...PlayerQueueFields\n    }\n  }\n": types.PlayNextDocument,
    "\n  mutation MoveInQueue($from: Int!, $to: Int!) {\n    moveInQueue(from: $from, to: $to) {\n      ...PlayerQueueFields\n    }\n  }\n": types.MoveInQueueDocument,
    "\n  mutation RemoveFromQueue($index: Int!) {\n    removeFromQueue(index: $index) {\n      ...PlayerQueueFields\n    }\n  }\n": types.RemoveFromQueueDocument,
    "\n  mutation ClearQueue {\n    clearQueue {\n      ...PlayerQueueFields\n    }\n  }\n": types.ClearQueueDocument,
    "\n  query StudioDefaults {\n    me {\n      id\n      defaultDuration\n      generateAlbumArt\n      generateLyrics\n      monthlyGenerationLimit\n      generationsLeftThisMonth\n    }\n  }\n": types.StudioDefaultsDocument,
    "\n  fragment SongPlanFields on SongPlan {\n    genre\n    mood\n    bpm\n    key\n    instruments\n    title\n    durationSeconds\n    seed\n    withLyrics\n    withCoverArt\n    summary\n  }\n": types.SongPlanFieldsFragmentDoc,
    "\n  query PlanSong($input: GenerateSongInput!) {\n    planSong(input: $input) {\n      ...SongPlanFields\n    }\n  }\n": types.PlanSongDocument,
    "\n  mutation GenerateSong($input: GenerateSongInput!) {\n    generateSong(input: $input) {\n      id\n      status\n      progress {\n        stage\n        percentage\n      }\n      stages\n    }\n  }\n": types.GenerateSongDocument,
    "\n  query GenerationResult($id: ID!) {\n    generation(id: $id) {\n      id\n      status\n      error\n      progress {\n        stage\n        percentage\n      }\n      stages\n      plan {\n        ...SongPlanFields\n      }\n      song {\n        id\n        title\n        artist\n        audioUrl\n        coverUrl\n        thumbnailUrl\n        duration\n        bpm\n        key\n        lyrics\n        genre\n        mood\n      }\n    }\n  }\n": types.GenerationResultDocument,
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
export function graphql(source: "\n  query Me {\n    me {\n      id\n      username\n      email\n      avatarUrl\n      userTier\n      subscriptionStatus\n      monthlyGenerationLimit\n      canAccessAdmin\n      canGenerateMusic\n      canAccessDJ\n      canManageSongs\n      adminOverride\n    }\n  }\n"): (typeof documents)["\n  query Me {\n    me {\n      id\n      username\n      email\n      avatarUrl\n      userTier\n      subscriptionStatus\n      monthlyGenerationLimit\n      canAccessAdmin\n      canGenerateMusic\n      canAccessDJ\n      canManageSongs\n      adminOverride\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription GenerationUpdated {\n    generationUpdated {\n      requestId\n      status\n      createdAt\n      title\n      genres\n      moods\n      error\n      progress {\n        stage\n        percentage\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription GenerationUpdated {\n    generationUpdated {\n      requestId\n      status\n      createdAt\n      title\n      genres\n      moods\n      error\n      progress {\n        stage\n        percentage\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment GenerationFields on GenerationRequest {\n    id\n    status\n    prompt\n    title\n    genres\n    moods\n    error\n    failedAtStep\n    retryCount\n    durationSeconds\n    createdAt\n    completedAt\n    progress {\n      stage\n      percentage\n    }\n  }\n"): (typeof documents)["\n  fragment GenerationFields on GenerationRequest {\n    id\n    status\n    prompt\n    title\n    genres\n    moods\n    error\n    failedAtStep\n    retryCount\n    durationSeconds\n    createdAt\n    completedAt\n    progress {\n      stage\n      percentage\n    }\n  }\n"];
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
export function graphql(source: "\n  fragment LibrarySongFields on Song {\n    id\n    title\n    artist\n    duration\n    audioUrl\n    coverUrl\n    thumbnailUrl\n    genre\n    mood\n    isLiked\n    likeCount\n    playCount\n    createdAt\n  }\n"): (typeof documents)["\n  fragment LibrarySongFields on Song {\n    id\n    title\n    artist\n    duration\n    audioUrl\n    coverUrl\n    thumbnailUrl\n    genre\n    mood\n    isLiked\n    likeCount\n    playCount\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LibrarySongs($first: Int!, $after: ID, $genre: String, $mine: Boolean!) {\n    songs(first: $first, after: $after, genre: $genre, mine: $mine) {\n      songs {\n        ...LibrarySongFields\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n"): (typeof documents)["\n  query LibrarySongs($first: Int!, $after: ID, $genre: String, $mine: Boolean!) {\n    songs(first: $first, after: $after, genre: $genre, mine: $mine) {\n      songs {\n        ...LibrarySongFields\n      }\n      endCursor\n      hasNextPage\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LikedSongs {\n    likedSongs {\n      ...LibrarySongFields\n    }\n  }\n"): (typeof documents)["\n  query LikedSongs {\n    likedSongs {\n      ...LibrarySongFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NowPlayingSong($id: ID!) {\n    song(id: $id) {\n      id\n      title\n      artist\n      album\n      coverUrl\n      genre\n      mood\n      bpm\n      key\n      lyrics\n      lrc\n      analysis {\n        waveformPeaks\n      }\n    }\n  }\n"): (typeof documents)["\n  query NowPlayingSong($id: ID!) {\n    song(id: $id) {\n      id\n      title\n      artist\n      album\n      coverUrl\n      genre\n      mood\n      bpm\n      key\n      lyrics\n      lrc\n      analysis {\n        waveformPeaks\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PlayerQueueFields on Queue {\n    version\n    radioGenre\n    currentSong {\n      ...PlayerSongFields\n    }\n    upcomingQueue {\n      ...PlayerSongFields\n    }\n    playHistory {\n      id\n      title\n      artist\n      duration\n      audioUrl\n      coverUrl\n      thumbnailUrl\n      genre\n      mood\n    }\n  }\n\n  fragment PlayerSongFields on Song {\n    id\n    title\n    artist\n    duration\n    audioUrl\n    coverUrl\n    thumbnailUrl\n    genre\n    mood\n    isLiked\n    likeCount\n    analysis {\n      durationSeconds\n      bpm\n      beatOffsetSeconds\n      integratedLufs\n      introEndSeconds\n      outroStartSeconds\n      silenceRanges {\n        start\n        end\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment PlayerQueueFields on Queue {\n    version\n    radioGenre\n    currentSong {\n      ...PlayerSongFields\n    }\n    upcomingQueue {\n      ...PlayerSongFields\n    }\n    playHistory {\n      id\n      title\n      artist\n      duration\n      audioUrl\n      coverUrl\n      thumbnailUrl\n      genre\n      mood\n    }\n  }\n\n  fragment PlayerSongFields on Song {\n    id\n    title\n    artist\n    duration\n    audioUrl\n    coverUrl\n    thumbnailUrl\n    genre\n    mood\n    isLiked\n    likeCount\n    analysis {\n      durationSeconds\n      bpm\n      beatOffsetSeconds\n      integratedLufs\n      introEndSeconds\n      outroStartSeconds\n      silenceRanges {\n        start\n        end\n      }\n    }\n  }\n"];
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
export function graphql(source: "\n  query StudioDefaults {\n    me {\n      id\n      defaultDuration\n      generateAlbumArt\n      generateLyrics\n      monthlyGenerationLimit\n      generationsLeftThisMonth\n    }\n  }\n"): (typeof documents)["\n  query StudioDefaults {\n    me {\n      id\n      defaultDuration\n      generateAlbumArt\n      generateLyrics\n      monthlyGenerationLimit\n      generationsLeftThisMonth\n    }\n  }\n"];
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

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;