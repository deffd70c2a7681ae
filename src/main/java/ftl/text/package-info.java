/**
 * Text for a terminal, shared by the commands that print to one: a plain-text table ({@link ftl.text.TextTable}) and a
 * status line redrawn in place on a terminal and silent when piped ({@link ftl.text.StatusLine}). Nothing here knows a
 * measurement.
 */
package ftl.text;
