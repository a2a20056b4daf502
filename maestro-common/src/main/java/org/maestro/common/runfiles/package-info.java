/**
 * The layout of a test's files, in one place: the names in a peer's directory ({@link
 * org.maestro.common.runfiles.PeerFiles}), the client's run directory ({@link org.maestro.common.runfiles.RunLayout}),
 * and the files written by one module and read by another, each written and read by one class: {@code test.json}
 * ({@link org.maestro.common.runfiles.TestJson}) and an agent's {@code handlers.csv}
 * ({@link org.maestro.common.runfiles.HandlersCsv}). The rate logs have a package of their own
 * ({@link org.maestro.common.ratelog}).
 */
package org.maestro.common.runfiles;
