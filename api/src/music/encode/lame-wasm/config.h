/*
 * config.h for LAME 3.100's libmp3lame built to WebAssembly by build.sh (replaces what
 * ./configure would write; wasm32 is little-endian IEEE 754 with the C99 headers of wasi-libc).
 * TAKEHIRO_IEEE754_HACK and USE_FAST_LOG are what configure sets on x86: the float-layout
 * quantisation and the table log, as in the native encoders most MP3s come from.
 */
#define STDC_HEADERS 1
#define HAVE_ERRNO_H 1
#define HAVE_FCNTL_H 1
#define HAVE_INTTYPES_H 1
#define HAVE_STDINT_H 1
#define HAVE_MEMCPY 1
#define HAVE_STRCHR 1
#define TAKEHIRO_IEEE754_HACK 1
#define USE_FAST_LOG 1
#define PACKAGE "lame"
#define VERSION "3.100"
typedef float ieee754_float32_t;
typedef double ieee754_float64_t;
