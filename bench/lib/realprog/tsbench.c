/*
 * tsbench: a workload for tree-sitter, driven through its C API with the
 * JSON grammar: a generated document of 6,000 records (objects, arrays,
 * strings, numbers, literals) parsed and then walked with a tree cursor
 * from the root to every leaf.
 * Usage: tsbench ROUNDS (each round is about 0.35 s of CPU).
 */
#include <stdio.h>
#include <stdlib.h>
#include <tree_sitter/api.h>

#define RECORDS 6000

const TSLanguage *tree_sitter_json(void);

static char *make_document(size_t *len)
{
	size_t cap = RECORDS * 128, n = 0;
	char *src = malloc(cap);
	int i;

	if (!src)
		return NULL;
	n += snprintf(src + n, cap - n, "[");
	for (i = 0; i < RECORDS; i++)
		n += snprintf(src + n, cap - n,
			      "%s{\"id\": %d, \"name\": \"n%d\", \"tags\": [1, 2, 3, true, null], "
			      "\"sub\": {\"a\": [%d, {\"b\": \"x\"}]}}", i ? ", " : "", i, i, i);
	n += snprintf(src + n, cap - n, "]");
	*len = n;
	return src;
}

/* Visits every node of @tree once, in order; returns the named ones */
static long walk(TSTree *tree)
{
	TSTreeCursor c = ts_tree_cursor_new(ts_tree_root_node(tree));
	long named = 0;

	for (;;) {
		named += ts_node_is_named(ts_tree_cursor_current_node(&c));
		if (ts_tree_cursor_goto_first_child(&c))
			continue;
		while (!ts_tree_cursor_goto_next_sibling(&c)) {
			if (!ts_tree_cursor_goto_parent(&c)) {
				ts_tree_cursor_delete(&c);
				return named;
			}
		}
	}
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 10, r;
	TSParser *parser = ts_parser_new();
	long named = 0;
	size_t len;
	char *src = make_document(&len);

	if (!src || !parser || !ts_parser_set_language(parser, tree_sitter_json()))
		return 1;
	for (r = 0; r < rounds; r++) {
		TSTree *tree = ts_parser_parse_string(parser, NULL, src, len);

		if (!tree)
			return 1;
		named += walk(tree);
		ts_tree_delete(tree);
	}
	printf("%ld named nodes\n", named);
	ts_parser_delete(parser);
	free(src);
	return 0;
}
