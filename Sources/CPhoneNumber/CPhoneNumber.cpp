// A C entry to libphonenumber's C++ matcher, for Swift; no logic beyond the call.
#include "CPhoneNumber.h"

#include <phonenumbers/phonenumbermatch.h>
#include <phonenumbers/phonenumbermatcher.h>
#include <phonenumbers/phonenumberutil.h>

#include <string>

using i18n::phonenumbers::PhoneNumberMatch;
using i18n::phonenumbers::PhoneNumberMatcher;
using i18n::phonenumbers::PhoneNumberUtil;

int32_t frost_phone_numbers_find(const char *text, const char *region, int32_t *starts, int32_t *lengths,
                                 int32_t capacity) {
    const PhoneNumberUtil &util = *PhoneNumberUtil::GetInstance();
    PhoneNumberMatcher matcher(util, std::string(text), std::string(region), PhoneNumberMatcher::VALID, INT32_MAX);
    int32_t count = 0;
    while (matcher.HasNext()) {
        PhoneNumberMatch match;
        if (!matcher.Next(&match)) break;
        if (count < capacity) {
            starts[count] = static_cast<int32_t>(match.start());
            lengths[count] = static_cast<int32_t>(match.length());
        }
        count += 1;
    }
    return count;
}
