package org.maestro.client.data;

import org.maestro.common.dataserver.Sha256;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;

/**
 * A misbehaving data server for client tests, on 127.0.0.1: each path (with query) answers with a canned
 * reply, which may lie about checksums, cut the body short or stall in the middle of it.
 */
final class FakePeer implements AutoCloseable {

    /**
     * @param status   HTTP status
     * @param headers  extra headers (Content-Length is always the full body's)
     * @param body     the body
     * @param cutAfter send only this many bytes, then abort the connection; -1 to send everything
     * @param hold     when not null: after {@code cutAfter} bytes, wait for it before aborting (a stalled peer)
     */
    record Reply(int status, Map<String, String> headers, byte[] body, int cutAfter, CountDownLatch hold) {
        static Reply of(int status, Map<String, String> headers, byte[] body) {
            return new Reply(status, headers, body, -1, null);
        }

        static Reply file(byte[] body, String checksumHeader) {
            return of(200, Map.of(Sha256.HEADER, checksumHeader), body);
        }
    }

    private final Map<String, Reply> replies = new ConcurrentHashMap<>();
    private final Server server;
    private final ServerConnector connector;

    private FakePeer() throws Exception {
        server = new Server();
        connector = new ServerConnector(server, 1, 1);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        server.setHandler(new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) throws Exception {
                reply(request, response, callback);
                return true;
            }
        });
        server.start();
    }

    static FakePeer start() throws Exception {
        return new FakePeer();
    }

    /** Answers {@code pathQuery} (e.g. "/manifest?dir=d") with {@code reply}. */
    FakePeer on(String pathQuery, Reply reply) {
        replies.put(pathQuery, reply);
        return this;
    }

    URI url() {
        return URI.create("http://127.0.0.1:" + connector.getLocalPort() + "/");
    }

    private void reply(Request request, Response response, Callback callback) throws IOException, InterruptedException {
        Reply reply = replies.get(request.getHttpURI().getPathQuery());
        if (reply == null) {
            response.setStatus(404);
            Content.Sink.write(response, true, "no canned reply for " + request.getHttpURI().getPathQuery(), callback);
            return;
        }
        response.setStatus(reply.status());
        reply.headers().forEach((name, value) -> response.getHeaders().put(name, value));
        response.getHeaders().put("Content-Length", reply.body().length);
        if (reply.cutAfter() < 0) {
            response.write(true, ByteBuffer.wrap(reply.body()), callback);
            return;
        }
        OutputStream out = Content.Sink.asOutputStream(response);
        out.write(reply.body(), 0, reply.cutAfter());
        out.flush();
        if (reply.hold() != null) {
            reply.hold().await(30, TimeUnit.SECONDS);
        }
        callback.failed(new IOException("fake peer cuts the body after " + reply.cutAfter() + " bytes"));
    }

    @Override
    public void close() throws IOException {
        try {
            server.stop();
        } catch (Exception e) {
            throw new IOException("cannot stop the fake peer: " + e, e);
        }
    }
}
