package org.maestro.common.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/**
 * Free TCP ports on 127.0.0.1 for test fixtures: the operating system picks them (bind to port 0).
 * A port is free when picked; another process may take it before the fixture binds it, which is
 * unlikely on a test machine and fails loudly when it happens.
 */
public final class FreePorts {

    /** 127.0.0.1 itself, not whatever "localhost" or the loopback preference resolves to. */
    static final InetAddress LOCALHOST_V4 = localhostV4();

    private FreePorts() {
    }

    /** One free port on 127.0.0.1. */
    public static int pick() {
        return pick(1)[0];
    }

    /** {@code count} distinct free ports on 127.0.0.1 (all held open until every one is picked). */
    public static int[] pick(int count) {
        ServerSocket[] sockets = new ServerSocket[count];
        int[] ports = new int[count];
        try {
            for (int i = 0; i < count; i++) {
                sockets[i] = new ServerSocket();
                sockets[i].setReuseAddress(true);
                sockets[i].bind(new InetSocketAddress(LOCALHOST_V4, 0));
                ports[i] = sockets[i].getLocalPort();
            }
            return ports;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot bind a server socket on 127.0.0.1 to pick a free port", e);
        } finally {
            for (ServerSocket socket : sockets) {
                closeQuietly(socket);
            }
        }
    }

    /** Whether {@code port} on 127.0.0.1 can be bound right now (nothing listens on it). */
    public static boolean isFree(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(LOCALHOST_V4, port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static InetAddress localhostV4() {
        try {
            return InetAddress.getByAddress("127.0.0.1", new byte[] {127, 0, 0, 1});
        } catch (IOException e) {
            throw new ExceptionInInitializerError(e); // a 4-byte address is always valid
        }
    }

    private static void closeQuietly(ServerSocket socket) {
        if (socket == null) {
            return;
        }
        try {
            socket.close();
        } catch (IOException e) {
            // Closing a bound, unconnected server socket does not fail in practice; nothing to do if it does.
        }
    }
}
