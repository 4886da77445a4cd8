// SPDX-License-Identifier: GPL-2.0-only
/* placeholder */
int main(void) { return 0; }
