// libxml2, which FoundationXML parses with (XMP sidecars, ComicInfo.xml): its error handlers.
#include <libxml/globals.h>
#include <libxml/xmlerror.h>
