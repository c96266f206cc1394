// libwebpmux (libwebp-dev, which libvips-dev depends on): WebP chunks, read and rewritten.
#include <webp/mux.h>
