#ifndef CNCURSES_H
#define CNCURSES_H
/* ncursesw, and C helpers for what Swift cannot import from it: its macros
 * and its global mutable state. */
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#include <stdint.h>

/* ncurses globals; main thread only, after initscr. */
WINDOW *tvs_stdscr(void);
WINDOW *tvs_curscr(void);
int tvs_lines(void);
int tvs_cols(void);
int tvs_colors(void);
int tvs_color_pairs(void);

/* Attribute macros. */
attr_t tvs_attr_bold(void);
attr_t tvs_attr_dim(void);
attr_t tvs_attr_reverse(void);
attr_t tvs_attr_underline(void);
attr_t tvs_attr_normal(void);

#endif
