package org.maestro.common.dataserver;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * A whole response body already in memory, written at once (a page, a JSON document, a refusal), for the
 * Jetty core handlers of the data server and of {@code maestro serve}. For HEAD the headers go alone.
 */
public final class SmallResponse {
    private SmallResponse() {
    }

    /** One line of plain text (a refusal's reason), with {@code status}. */
    public static void text(Response response, Callback callback, boolean head, int status, String message) {
        send(response, callback, head, status, ContentTypes.TEXT, (message + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /** {@code body} as the response of type {@code type}, with {@code status} and its Content-Length. */
    public static void send(Response response, Callback callback, boolean head, int status, String type, byte[] body) {
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, type);
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
        if (head) {
            callback.succeeded();
        } else {
            response.write(true, ByteBuffer.wrap(body), callback);
        }
    }
}
