import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import { requireUser, type GraphQLContext } from '../graphql/context.js';
import { SongDownloadsView } from './download.view.js';

@Resolver()
export class DownloadResolver {
  @Query(() => SongDownloadsView, { description: "A song's download links: MP3, WAV, stems and a zip of them all." })
  async songDownloads(@Arg('songId', () => ID) songId: string, @Ctx() ctx: GraphQLContext): Promise<SongDownloadsView> {
    return Object.assign(new SongDownloadsView(), await ctx.services.downloads.links(ctx.em, requireUser(ctx), songId));
  }
}
