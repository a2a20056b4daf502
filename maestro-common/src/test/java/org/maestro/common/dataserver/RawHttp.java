package org.maestro.common.dataserver;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.maestro.common.util.LoopbackPorts;

/**
 * A minimal HTTP/1.1 client over a plain socket, for tests: the request target goes on the wire exactly as
 * given (no normalisation of "..", no re-encoding), which is what traversal tests need, and the body can be
 * read at the test's pace.
 */
public final class RawHttp implements AutoCloseable {
    private static final int TIMEOUT_MILLIS = 10_000;

    private final Socket socket;
    private final InputStream in;
    private final int status;
    private final Map<String, String> headers;

    private RawHttp(Socket socket, InputStream in, int status, Map<String, String> headers) {
        this.socket = socket;
        this.in = in;
        this.status = status;
        this.headers = headers;
    }

    /** A complete exchange: status, headers (names lower case) and the body as read until the server closed. */
    public record Reply(int status, Map<String, String> headers, byte[] body) {
        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    /** Sends {@code method target} with no body and reads the whole reply. */
    public static Reply send(int port, String method, String target) throws IOException {
        return send(port, method, target, new String[0]);
    }

    /** As {@link #send(int, String, String)}, with these header lines (e.g. {@code "Authorization: Bearer ..."}). */
    public static Reply send(int port, String method, String target, String... headerLines) throws IOException {
        try (RawHttp http = open(port, method, target, 0, headerLines)) {
            return new Reply(http.status, http.headers, http.readBodyUntilClosed());
        }
    }

    /**
     * Sends the request and reads only the status line and headers; the body is left for
     * {@link #readBodyUntilClosed()}.
     *
     * @param receiveBuffer the socket's receive buffer in bytes (small = the server blocks sooner), 0 for default
     */
    static RawHttp open(int port, String method, String target, int receiveBuffer, String... headerLines) throws IOException {
        Socket socket = new Socket();
        try {
            if (receiveBuffer > 0) {
                socket.setReceiveBufferSize(receiveBuffer);
            }
            socket.setSoTimeout(TIMEOUT_MILLIS);
            socket.connect(new InetSocketAddress(LoopbackPorts.IPV4, port), TIMEOUT_MILLIS);
            OutputStream out = socket.getOutputStream();
            StringBuilder request = new StringBuilder(method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + port
                    + "\r\nContent-Length: 0\r\nConnection: close\r\n");
            for (String line : headerLines) {
                request.append(line).append("\r\n");
            }
            request.append("\r\n");
            out.write(request.toString().getBytes(StandardCharsets.UTF_8));
            out.flush();
            InputStream in = new BufferedInputStream(socket.getInputStream());
            String statusLine = line(in);
            String[] parts = statusLine.split(" ", 3);
            if (parts.length < 2 || !parts[0].startsWith("HTTP/")) {
                throw new IOException("not an HTTP status line: '" + statusLine + "'");
            }
            Map<String, String> headers = new TreeMap<>();
            for (String header = line(in); !header.isEmpty(); header = line(in)) {
                int colon = header.indexOf(':');
                headers.put(header.substring(0, colon).trim().toLowerCase(Locale.ROOT), header.substring(colon + 1).trim());
            }
            return new RawHttp(socket, in, Integer.parseInt(parts[1]), headers);
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    int status() {
        return status;
    }

    String header(String name) {
        return headers.get(name.toLowerCase(Locale.ROOT));
    }

    /** The body bytes until the server closes the connection (or resets it: an aborted response). */
    byte[] readBodyUntilClosed() throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        byte[] buffer = new byte[64 * 1024];
        try {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                body.write(buffer, 0, n);
            }
        } catch (SocketException e) {
            // connection reset: the server aborted the response; what arrived is the answer
        }
        return body.toByteArray();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                throw new IOException("connection closed in the middle of the response head");
            }
            if (c != '\r') {
                line.write(c);
            }
        }
        return line.toString(StandardCharsets.ISO_8859_1);
    }
}
