package org.maestro.common.dataserver;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Jetty's own error responses (a request it refuses before the data server sees it, e.g. an ambiguous
 * {@code %2e%2e} segment or an encoded '/') as one line of plain text like the data server's own
 * ("Bad Request: Ambiguous URI path segment"), never an HTML page or a stack trace.
 */
final class PlainTextErrorHandler extends ErrorHandler {
    PlainTextErrorHandler() {
        setShowStacks(false);
        setShowCauses(false);
    }

    @Override
    protected void generateResponse(Request request, Response response, int code, String message, Throwable cause,
                                    Callback callback) {
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, ContentTypes.TEXT);
        Content.Sink.write(response, true, line(code, message), callback);
    }

    /** E.g. "Bad Request: Ambiguous URI path segment". */
    private static String line(int status, String reason) {
        String name = HttpStatus.getMessage(status);
        if ((reason == null || reason.isBlank() || reason.equals(name)) && status == HttpStatus.BAD_REQUEST_400) {
            // Jetty gives no reason for a path it cannot resolve (a ".." above the root, an encoded dot segment).
            reason = "a path that is not allowed ('..' or '.' segment, encoded '/' or '\\', NUL, bad escape) or a malformed request";
        }
        return (reason == null || reason.isBlank() || reason.equals(name) ? name : name + ": " + reason) + "\n";
    }
}
