#include "CNCurses.h"

WINDOW *tvs_stdscr(void) { return stdscr; }
WINDOW *tvs_curscr(void) { return curscr; }
int tvs_lines(void) { return LINES; }
int tvs_cols(void) { return COLS; }
int tvs_colors(void) { return COLORS; }
int tvs_color_pairs(void) { return COLOR_PAIRS; }

attr_t tvs_attr_bold(void) { return A_BOLD; }
attr_t tvs_attr_dim(void) { return A_DIM; }
attr_t tvs_attr_reverse(void) { return A_REVERSE; }
attr_t tvs_attr_underline(void) { return A_UNDERLINE; }
attr_t tvs_attr_normal(void) { return A_NORMAL; }

