// libxml2's streaming reader, opened with dlopen the first time a layout is read (`XMLElements`):
// a program that never imports keeps libxml2 and the ICU libraries Debian's libxml2 links out of
// its memory. So nothing here is linked: these are the types of the few calls the reader makes,
// as libxml2's public ABI has them (xmlreader.h, xmlerror.h, parser.h; unchanged since 2.6).
#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H

typedef unsigned char xmlChar;
typedef struct _xmlTextReader *xmlTextReaderPtr;

/// `struct _xmlError`, whose first fields the reader reads.
typedef struct {
  int domain;
  int code;
  char *message;
  int level;
  char *file;
  int line;
  char *str1;
  char *str2;
  char *str3;
  int int1;
  int int2;
  void *ctxt;
  void *node;
} CLibXML2Error;

typedef void (*CLibXML2ErrorHandler)(void *context, CLibXML2Error *error);

typedef xmlTextReaderPtr (*CLibXML2ReaderForMemory)(
  const char *buffer, int size, const char *url, const char *encoding, int options);
typedef void (*CLibXML2FreeReader)(xmlTextReaderPtr reader);
typedef void (*CLibXML2SetErrorHandler)(xmlTextReaderPtr reader, CLibXML2ErrorHandler handler, void *context);
/// xmlTextReaderRead, NodeType, GetParserLineNumber, Depth, IsEmptyElement,
/// MoveToNextAttribute, MoveToElement.
typedef int (*CLibXML2ReaderInt)(xmlTextReaderPtr reader);
/// xmlTextReaderConstName, ConstValue.
typedef const xmlChar *(*CLibXML2ReaderText)(xmlTextReaderPtr reader);

enum {
  // xmlParserOption
  CLibXML2ParseNoError = 1 << 5,
  CLibXML2ParseNoWarning = 1 << 6,
  CLibXML2ParseNoNet = 1 << 11,
  // xmlReaderTypes
  CLibXML2Element = 1,
  CLibXML2Text = 3,
  CLibXML2CData = 4,
  CLibXML2EndElement = 15,
};

#endif
