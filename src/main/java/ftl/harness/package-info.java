/**
 * The instrument (draft; completed below).
 */
package ftl.harness;
