package org.maestro.reports.serve;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.http.MimeTypes;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ResourceHandler;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.resource.ResourceFactory;
import org.maestro.common.dataserver.DataRoot;
import org.maestro.common.dataserver.RelativePath;
import org.maestro.common.dataserver.RequestException;
import org.maestro.common.dataserver.SmallResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.maestro.reports.ReportException;
import org.maestro.reports.index.RunIndex;

/**
 * The routes of {@code maestro serve}, read-only: {@code /} and {@code /index.html} are the run index,
 * rendered from the directory as it is now; anything else is a file or a directory listing of the runs
 * directory, served by Jetty's ResourceHandler. Every path is checked here first, on its raw (still
 * percent-encoded) form, by the same rules as the data server ({@link RelativePath}: no "..", ".", empty
 * segment, encoded '/' or '\', NUL; {@link DataRoot}: the real path, symbolic links followed, stays inside),
 * so what the ResourceHandler resolves is a path already known to be inside. Refusals are one line of plain
 * text: 400 bad path, 403 outside, 404 missing, 405 method.
 */
final class RunsHandler extends Handler.Wrapper {
    private static final Logger LOG = LoggerFactory.getLogger(RunsHandler.class);
    private static final String ALLOWED = "GET, HEAD";
    private static final String TEXT = "text/plain; charset=utf-8";
    /** What Jetty's directory listings link to, relative to the directory listed. */
    private static final String LISTING_STYLE = "jetty-dir.css";

    private final DataRoot root;
    private final CachedIndex index;

    /** @param realRoot the runs directory's real path */
    RunsHandler(Path realRoot) {
        super(files(realRoot));
        this.root = new DataRoot(realRoot);
        this.index = new CachedIndex(realRoot);
    }

    private static ResourceHandler files(Path realRoot) {
        ResourceHandler files = new ResourceHandler();
        files.setBaseResource(ResourceFactory.of(files).newResource(realRoot));
        files.setDirAllowed(true);
        // A run directory shows its files, not a page that happens to be in it.
        files.setWelcomeFiles(List.of());
        return files;
    }

    /**
     * The ResourceHandler takes its content types from the server when it starts: the run files' types go
     * there first (Jetty knows no .log nor .hlog, and sends no charset for text files by itself).
     */
    @Override
    protected void doStart() throws Exception {
        MimeTypes.Mutable types = getServer().getMimeTypes();
        types.addMimeMapping("html", "text/html; charset=utf-8");
        types.addMimeMapping("json", "application/json");
        types.addMimeMapping("csv", "text/csv; charset=utf-8");
        types.addMimeMapping("xml", "application/xml; charset=utf-8");
        types.addMimeMapping("log", TEXT);
        types.addMimeMapping("hlog", TEXT);
        types.addMimeMapping("txt", TEXT);
        super.doStart();
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        String method = request.getMethod();
        String path = request.getHttpURI().getPath();
        response.getHeaders().put("X-Content-Type-Options", "nosniff");
        boolean head = HttpMethod.HEAD.is(method);
        if (!head && !HttpMethod.GET.is(method)) {
            response.getHeaders().put(HttpHeader.ALLOW, ALLOWED);
            // The request's body is left unread, so the connection cannot carry another request: say so, or a
            // client reusing it would read an end of stream instead of its next answer.
            response.getHeaders().put(HttpHeader.CONNECTION, "close");
            SmallResponse.text(response, callback, false, 405, "method " + method + " not allowed: maestro serve is read-only (" + ALLOWED + ")");
            return true;
        }
        try {
            if (path.equals("/") || path.equals("/" + RunIndex.FILE)) {
                response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
                SmallResponse.send(response, callback, head, 200, "text/html; charset=utf-8", index.html());
                return true;
            }
            check(path);
        } catch (RequestException e) {
            LOG.debug("{} {}: {} {}", method, path, e.status(), e.getMessage());
            SmallResponse.text(response, callback, head, e.status(), e.getMessage());
            return true;
        } catch (ReportException e) {
            LOG.warn("cannot render the run index: {}", e.getMessage());
            SmallResponse.text(response, callback, head, 500, "cannot render the run index: " + e.getMessage());
            return true;
        }
        return super.handle(request, response, callback);
    }

    /** Refuses a raw request path that is not a file or directory inside the runs directory. */
    private void check(String rawPath) throws RequestException {
        String relative = rawPath.startsWith("/") ? rawPath.substring(1) : rawPath;
        // A directory is asked for with a trailing '/' (its listing's links are relative to it).
        if (relative.endsWith("/")) {
            relative = relative.substring(0, relative.length() - 1);
        }
        RelativePath checked;
        try {
            // ';' starts path parameters, which Jetty strips before resolving: refused, so what is checked
            // here is exactly what the ResourceHandler serves.
            if (relative.indexOf(';') >= 0) {
                throw new IllegalArgumentException("';' (path parameters) is not allowed in a path");
            }
            checked = RelativePath.fromRawUrlPath(relative);
        } catch (IllegalArgumentException e) {
            throw new RequestException(400, "bad path " + rawPath + ": " + e.getMessage());
        }
        List<String> segments = checked.segments();
        if (!segments.isEmpty() && segments.get(segments.size() - 1).equals(LISTING_STYLE)
                && !Files.exists(checked.under(root.path()), LinkOption.NOFOLLOW_LINKS)) {
            // The style sheet of a directory's listing, which the ResourceHandler serves from memory: the
            // directory must be one it would list.
            root.directory(RelativePath.parse(String.join("/", segments.subList(0, segments.size() - 1))));
            return;
        }
        root.existing(checked);
    }
}
