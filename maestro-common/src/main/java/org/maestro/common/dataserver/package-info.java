/**
 * The data plane: every peer serves its data directory read-only over HTTP, and the client downloads
 * each peer's files after the test, checksums verified.
 *
 * <p>Only the client: every request must carry the server's {@link org.maestro.common.dataserver.DataToken}
 * ({@code Authorization: Bearer <token>}), which the peer tells over the control plane (GET {@code data.token});
 * without it 401 (with {@code WWW-Authenticate: Bearer}), with another token 403, either way before any path is
 * looked at and with one line of text, never a byte of the directory.
 *
 * <p>{@link org.maestro.common.dataserver.DataServer} (Jetty, core handler API, no servlets) serves:
 * <ul>
 *   <li>{@code GET /files/<path>} &mdash; one file: {@code Content-Type} by extension, {@code Content-Length},
 *       and {@code X-Checksum-SHA256}, the hex SHA-256 of exactly the bytes sent. Files grow during a test,
 *       so the body is a snapshot: the length is read once, the checksum computed over that many bytes,
 *       then those bytes are sent (two passes; if they changed in between, the response is aborted).</li>
 *   <li>{@code GET /manifest?dir=<dir>} &mdash; every regular file under {@code dir} (default: all), recursively,
 *       as {@code {"root":"<dir>","files":[{"path","size","sha256","modified"}]}}, sorted by path; paths are
 *       relative to the data directory with '/' separators. Symbolic links are not listed.</li>
 *   <li>{@code GET /} &mdash; a short HTML index. {@code HEAD} works wherever {@code GET} does.</li>
 * </ul>
 * Any other method is refused with 405 and {@code Allow: GET, HEAD}. Paths are checked by
 * {@link org.maestro.common.dataserver.RelativePath} (no "..", ".", empty segment, absolute path,
 * encoded '/' or '\') and then by real path (a symbolic link leading out of the directory is refused
 * with 403). Refusals are one line of plain text: 400 bad path, 403 outside, 404 missing, 405 method.
 *
 * <p>The same Jetty set-up (URI checks, plain-text errors) and path checks ({@link org.maestro.common.dataserver.DataRoot})
 * serve other read-only routes through {@code DataServer.start(root, host, port, name, handler)}: {@code maestro serve}
 * (maestro-reports) serves a runs directory that way.
 *
 * <p>The client's {@code DataClient.fetchAll} (maestro-client-core) downloads a directory: manifest first,
 * then each file, verified against its header checksum, written under a temporary name and renamed once
 * verified. Files whose checksum differs from the manifest's were still growing; they are reported in
 * its {@code FetchResult}, not treated as errors.
 */
package org.maestro.common.dataserver;
