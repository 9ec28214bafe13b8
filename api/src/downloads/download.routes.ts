import { Router } from 'express';
import type { Services } from '../app/services.js';
import { requireRequestUser } from '../http/request-context.js';

/**
 * GET /api/songs/{id}/download/{file}: song.mp3, song.wav, vocals.wav, drums.wav, bass.wav,
 * music.wav or stems.zip (docs/downloads.md). Rendered files stream as they are made.
 */
export function downloadRoutes(services: Services): Router {
  const router = Router();
  router.get('/songs/:id/download/:file', async (req, res) => {
    const download = await services.downloads.prepare(req.auth.em, requireRequestUser(req), req.params.id, req.params.file);
    if ('key' in download) {
      if (!(await services.media.send(req, res, download.key, { cacheControl: 'private, max-age=86400', contentType: download.contentType, downloadName: download.fileName }))) {
        res.status(404).json({ error: 'This song has no audio file' });
      }
      return;
    }
    res.type(download.contentType);
    res.attachment(download.fileName);
    res.setHeader('Cache-Control', 'private, no-store');
    try {
      await download.write(res);
    } catch (error) {
      // The status line has gone out: all that is left is to cut the transfer short, so the file is not taken for whole.
      services.logger.error(error, `Download ${req.params.file} of song ${req.params.id} failed`);
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  });
  return router;
}
