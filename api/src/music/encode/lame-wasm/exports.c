/*
 * The entry points api/src/music/encode/lame.ts calls: one stereo VBR encode of a PCM chunk at a
 * time, float samples in [-1, 1], no VBR (Xing) tag and no ID3 tags (mp3-frames.ts writes the
 * stream's own Xing frame), LAME's messages discarded.
 */
#include <stdarg.h>
#include <stdlib.h>
#include "lame.h"

typedef struct {
  lame_global_flags *lame;
  unsigned char *out;
  int out_capacity;
} Encoder;

static void discard(const char *format, va_list args) {
  (void)format;
  (void)args;
}

__attribute__((export_name("encoder_close"))) void encoder_close(Encoder *e) {
  if (!e) return;
  if (e->lame) lame_close(e->lame);
  free(e->out);
  free(e);
}

/* vbr_quality: LAME's -V (0 best .. 9); quality: LAME's -q (0 slowest .. 9 fastest). */
__attribute__((export_name("encoder_open"))) Encoder *encoder_open(int sample_rate, float vbr_quality, int quality) {
  Encoder *e = calloc(1, sizeof *e);
  if (!e) return NULL;
  e->lame = lame_init();
  if (!e->lame) {
    encoder_close(e);
    return NULL;
  }
  lame_set_errorf(e->lame, discard);
  lame_set_debugf(e->lame, discard);
  lame_set_msgf(e->lame, discard);
  lame_set_num_channels(e->lame, 2);
  lame_set_in_samplerate(e->lame, sample_rate);
  lame_set_out_samplerate(e->lame, 44100);
  lame_set_bWriteVbrTag(e->lame, 0);
  lame_set_write_id3tag_automatic(e->lame, 0);
  lame_set_VBR(e->lame, vbr_default);
  lame_set_VBR_quality(e->lame, vbr_quality);
  lame_set_quality(e->lame, quality);
  if (lame_init_params(e->lame) < 0) {
    encoder_close(e);
    return NULL;
  }
  return e;
}

/* Room for the MP3 bytes of `samples` more samples, as lame.h advises (1.25 n + 7200). */
static int reserve(Encoder *e, int samples) {
  int need = samples + samples / 4 + 7200;
  if (need <= e->out_capacity) return 1;
  unsigned char *grown = realloc(e->out, need);
  if (!grown) return 0;
  e->out = grown;
  e->out_capacity = need;
  return 1;
}

/* Encodes `samples` samples per channel; returns the MP3 bytes now in encoder_output (or < 0). */
__attribute__((export_name("encoder_encode"))) int encoder_encode(Encoder *e, const float *left, const float *right, int samples) {
  if (!reserve(e, samples)) return -1;
  return lame_encode_buffer_ieee_float(e->lame, left, right, samples, e->out, e->out_capacity);
}

/* Encodes what LAME still holds (the last frames, padded); returns the bytes in encoder_output. */
__attribute__((export_name("encoder_flush"))) int encoder_flush(Encoder *e) {
  if (!reserve(e, 0)) return -1;
  return lame_encode_flush(e->lame, e->out, e->out_capacity);
}

__attribute__((export_name("encoder_output"))) unsigned char *encoder_output(Encoder *e) {
  return e->out;
}

__attribute__((export_name("malloc"))) void *export_malloc(size_t size) {
  return malloc(size);
}

__attribute__((export_name("free"))) void export_free(void *pointer) {
  free(pointer);
}
