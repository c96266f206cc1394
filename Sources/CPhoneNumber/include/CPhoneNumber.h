#ifndef FROST_CPHONENUMBER_H
#define FROST_CPHONENUMBER_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// libphonenumber's PhoneNumberMatcher at leniency VALID on `text` (UTF-8), numbers without a
/// country code read as numbers of `region` (ISO 3166 code, "US"). Writes up to `capacity` matches
/// as byte offset and byte length; returns how many there are (may exceed `capacity`).
int32_t frost_phone_numbers_find(const char *text, const char *region, int32_t *starts, int32_t *lengths,
                                 int32_t capacity);

#ifdef __cplusplus
}
#endif

#endif
