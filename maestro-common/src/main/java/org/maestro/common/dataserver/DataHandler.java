package org.maestro.common.dataserver;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.io.EofException;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.maestro.common.metrics.PeerMetrics;
import org.maestro.common.util.SafeText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The data server's routes, read-only: {@code GET /} (index), {@code GET /manifest?dir=} (JSON listing)
 * and {@code GET /files/<path>} (one file, checksum in a header); HEAD for each. Every route asks for the
 * server's {@link DataToken} first ({@code Authorization: Bearer <token>}): none gets 401, another one 403,
 * before anything about the directory is looked at. Every refusal is a short plain-text message with the
 * status that fits (400 bad path, 401 no token, 403 wrong token or outside the root, 404 missing, 405
 * method); a failure is logged here and never shown as a stack trace. With the peer's {@link PeerMetrics}, {@code GET
 * /metrics} alone is answered without a token: it shows figures, never a file or a name in the directory.
 */
final class DataHandler extends Handler.Abstract {
    private static final Logger LOG = LoggerFactory.getLogger(DataHandler.class);
    private static final String FILES = "/files/";
    private static final String ALLOWED = "GET, HEAD";
    private static final ObjectWriter JSON = new ObjectMapper().writerWithDefaultPrettyPrinter();
    private static final String INDEX = """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>Maestro data server</title></head><body>
            <h1>Maestro data server</h1>
            <p>A read-only view of this peer's data directory.</p>
            <ul>
            <li><a href="manifest">/manifest</a> &mdash; every file (path, size, SHA-256, modified) as JSON;
            <code>/manifest?dir=&lt;relative directory&gt;</code> for one directory</li>
            <li><code>/files/&lt;relative path&gt;</code> &mdash; one file, its SHA-256 in the X-Checksum-SHA256 header</li>
            </ul>
            </body></html>
            """;

    private static final String BEARER = DataToken.SCHEME + " ";

    private final DataRoot root;
    private final DataToken token;
    /** Null for a data server without metrics. */
    private final PeerMetrics metrics;

    DataHandler(DataRoot root, DataToken token, PeerMetrics metrics) {
        this.root = root;
        this.token = token;
        this.metrics = metrics;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        String method = request.getMethod();
        String path = request.getHttpURI().getPath();
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        response.getHeaders().put("X-Content-Type-Options", "nosniff");
        boolean head = HttpMethod.HEAD.is(method);
        if (!head && !HttpMethod.GET.is(method)) {
            response.getHeaders().put(HttpHeader.ALLOW, ALLOWED);
            SmallResponse.text(response, callback, false, 405, "method " + method + " not allowed: the data server is read-only ("
                    + ALLOWED + ")");
            return true;
        }
        if (metrics != null && path.equals(PeerMetrics.PATH)) {
            PeerMetrics.Exposition exposition;
            try {
                exposition = metrics.scrape(request.getHeaders().get(HttpHeader.ACCEPT));
            } catch (RuntimeException e) {
                LOG.warn("collecting the metrics failed: {}", e.toString());
                SmallResponse.text(response, callback, head, 500, "cannot collect the metrics (" + e.getClass().getSimpleName()
                        + "), see the peer's log");
                return true;
            }
            SmallResponse.send(response, callback, head, 200, exposition.contentType(), exposition.body());
            return true;
        }
        try {
            checkToken(request);
            if (path.equals("/")) {
                SmallResponse.send(response, callback, head, 200, "text/html; charset=utf-8", INDEX.getBytes(StandardCharsets.UTF_8));
            } else if (path.equals("/manifest")) {
                manifest(request, response, callback, head);
            } else if (path.startsWith(FILES)) {
                file(path, response, callback, head);
            } else {
                throw new RequestException(404, "no such resource: " + path + " (see / for what this server offers)");
            }
        } catch (RequestException e) {
            // Never the request's headers: the Authorization header is a secret even when it is the wrong one.
            LOG.debug("{} {}: {} {}", method, SafeText.of(path), e.status(), e.getMessage());
            if (e.status() == 401) {
                response.getHeaders().put(HttpHeader.WWW_AUTHENTICATE, DataToken.SCHEME + " realm=\"maestro data\"");
            }
            SmallResponse.text(response, callback, head, e.status(), e.getMessage());
        }
        return true;
    }

    /**
     * 401 without a bearer token, 403 with one that is not this server's (another peer's, an old one): the
     * client asks each peer for its own token over the control plane, so a wrong one is never an accident.
     */
    private void checkToken(Request request) throws RequestException {
        String header = request.getHeaders().get(HttpHeader.AUTHORIZATION);
        if (header == null || !header.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            throw new RequestException(401, "this data server serves only the Maestro client: send the peer's token"
                    + " (Authorization: Bearer, from GET data.token over the control plane)");
        }
        if (!token.matches(header.substring(BEARER.length()).strip())) {
            throw new RequestException(403, "this token is not this data server's (each peer has its own: GET data.token)");
        }
    }

    private void manifest(Request request, Response response, Callback callback, boolean head) throws RequestException {
        RelativePath dir;
        try {
            Map<String, String> params = UrlCodec.parseQuery(request.getHttpURI().getQuery());
            for (String name : params.keySet()) {
                if (!name.equals("dir")) {
                    throw new IllegalArgumentException("unknown query parameter '" + name + "' (only 'dir')");
                }
            }
            dir = RelativePath.parse(params.getOrDefault("dir", ""));
        } catch (IllegalArgumentException e) {
            throw new RequestException(400, "bad manifest request: " + e.getMessage());
        }
        Path real = root.directory(dir);
        byte[] json;
        try {
            json = JSON.writeValueAsBytes(ManifestBuilder.build(real, dir));
        } catch (IOException e) {
            LOG.warn("cannot list '{}' for a manifest: {}", dir, e.toString());
            throw new RequestException(500, "cannot list '" + dir + "' (" + e.getClass().getSimpleName()
                    + "), see the peer's log");
        }
        SmallResponse.send(response, callback, head, 200, "application/json", json);
    }

    private void file(String rawPath, Response response, Callback callback, boolean head) throws RequestException {
        RelativePath relative;
        try {
            relative = RelativePath.fromRawUrlPath(rawPath.substring(FILES.length()));
        } catch (IllegalArgumentException e) {
            throw new RequestException(400, "bad file path " + rawPath + ": " + e.getMessage());
        }
        if (relative.isRoot()) {
            throw new RequestException(404, "no file named: use /files/<relative path>, see /manifest for the list");
        }
        Path real = root.regularFile(relative);
        FileSender.Snapshot snapshot;
        try {
            snapshot = FileSender.open(real);
        } catch (IOException e) {
            LOG.warn("cannot read {}: {}", real, e.toString());
            throw new RequestException(500, "cannot read '" + relative + "' (" + e.getClass().getSimpleName()
                    + "), see the peer's log");
        }
        try (snapshot) {
            FileSender.headers(response, snapshot, real.getFileName().toString());
            if (!head) {
                FileSender.body(response, snapshot, "'" + relative + "'");
            }
            callback.succeeded();
            LOG.debug("sent '{}': {} bytes, sha256 {}", relative, snapshot.length(), snapshot.sha256());
        } catch (IOException e) {
            // Headers are committed: all that is left is to abort, which cuts the connection short.
            if (e instanceof EofException) {
                LOG.debug("client went away while '{}' was being sent: {}", relative, e.toString());
            } else {
                LOG.warn("sending '{}' failed: {}", relative, e.toString());
            }
            callback.failed(e);
        }
    }
}
