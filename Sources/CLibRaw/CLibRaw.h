// LibRaw's C API, thread-safe build (libraw_r): one libraw_data_t per photo.
#include <libraw/libraw.h>
