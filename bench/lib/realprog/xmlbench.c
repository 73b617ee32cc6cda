/*
 * xmlbench: a workload for expat, driven through its C API: a generated
 * catalog of 40,000 items (attributes, namespaces, entities, CDATA,
 * comments) parsed with element, attribute and text handlers.
 * Usage: xmlbench ROUNDS (each round is about 1 s of CPU).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "expat.h"

#define ITEMS 40000
#define PARSES 8

struct counts {
	unsigned long elements, attrs, text;
};

static void start(void *data, const XML_Char *name, const XML_Char **atts)
{
	struct counts *c = data;

	c->elements += strlen(name);
	for (; atts[0]; atts += 2)
		c->attrs += strlen(atts[1]);
}

static void end(void *data, const XML_Char *name)
{
	((struct counts *)data)->elements += name[0];
}

static void text(void *data, const XML_Char *s, int len)
{
	((struct counts *)data)->text += len + s[0];
}

/* The document, in a buffer of its own: *len bytes */
static char *catalog(size_t *len)
{
	size_t size = 64 + ITEMS * 320, n = 0;
	char *doc = malloc(size);
	unsigned long x = 88172645463325252UL;

	if (!doc)
		exit(1);
	n += sprintf(doc, "<?xml version=\"1.0\"?>\n<!DOCTYPE catalog [<!ENTITY co \"Acme &amp; Co\">]>\n"
		     "<catalog xmlns=\"urn:x\" xmlns:p=\"urn:p\">\n");
	for (int i = 0; i < ITEMS; i++) {
		x ^= x << 13; x ^= x >> 7; x ^= x << 17;
		n += sprintf(doc + n, "<p:item id=\"%d\" name=\"n%lu\" price=\"%lu.%02lu\" p:cat=\"c%d\">"
			     "<title>Title %d &co; &lt;x&gt;</title><desc><![CDATA[raw <%d>]]> %.*s</desc>"
			     "<tags>t%lu t%lu t%lu</tags><!-- c --></p:item>\n",
			     i, x % 9973, x % 999, x % 100, i % 17, i, i, (int)(5 + x % 60),
			     "wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww",
			     x % 97, x % 89, x % 83);
	}
	n += sprintf(doc + n, "</catalog>\n");
	*len = n;
	return doc;
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 1;
	struct counts c = { 0, 0, 0 };
	size_t len;
	char *doc = catalog(&len);

	for (int r = 0; r < rounds * PARSES; r++) {
		XML_Parser p = XML_ParserCreateNS(NULL, '|');

		XML_SetUserData(p, &c);
		XML_SetElementHandler(p, start, end);
		XML_SetCharacterDataHandler(p, text);
		/* in pieces, as a stream arrives */
		for (size_t off = 0; off < len; off += 65536) {
			size_t piece = len - off < 65536 ? len - off : 65536;

			if (XML_Parse(p, doc + off, piece, off + piece == len) == XML_STATUS_ERROR) {
				fprintf(stderr, "xmlbench: %s at line %lu\n",
					XML_ErrorString(XML_GetErrorCode(p)),
					(unsigned long)XML_GetCurrentLineNumber(p));
				return 1;
			}
		}
		XML_ParserFree(p);
	}
	printf("%lu %lu %lu\n", c.elements, c.attrs, c.text);
	free(doc);
	return 0;
}
