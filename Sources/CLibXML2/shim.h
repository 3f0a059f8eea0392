// libxml2's streaming reader: enough to read a layout's elements, attributes and line numbers
// without Foundation (FoundationXML would bring all of Foundation into the app).
#include <libxml/xmlreader.h>
