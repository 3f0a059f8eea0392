// libxml2's streaming reader: enough to read a layout's elements, attributes and line numbers
// without Foundation (FoundationXML would bring all of Foundation into the app).
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, so its encoding.h would bring the system's ICU headers into
// this module, whose UErrorCode then clashes with Foundation's own ICU in any Swift module that
// sees both (RefreshLab sees Foundation through RefreshSDL's resource bundle). The reader needs
// none of it, and nothing here touches the encoding handler whose layout the ICU fields change.
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlreader.h>
