package org.maestro.common.util;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.UnknownHostException;

/** Free ports on 127.0.0.1, and checks of whether something listens on one. */
public final class LoopbackPorts {
    /** 127.0.0.1 itself, not whatever "localhost" resolves to. */
    public static final InetAddress IPV4 = ipv4();

    private LoopbackPorts() {
    }

    /** A port that was free on 127.0.0.1 a moment ago (the OS picks it). */
    public static int free() {
        return free(1)[0];
    }

    /** {@code count} distinct free ports on 127.0.0.1 (all held open until every one is picked). */
    public static int[] free(int count) {
        ServerSocket[] sockets = new ServerSocket[count];
        int[] ports = new int[count];
        try {
            for (int i = 0; i < count; i++) {
                sockets[i] = new ServerSocket();
                sockets[i].setReuseAddress(true);
                sockets[i].bind(new InetSocketAddress(IPV4, 0));
                ports[i] = sockets[i].getLocalPort();
            }
            return ports;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find a free port on 127.0.0.1: " + e.getMessage(), e);
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
            socket.bind(new InetSocketAddress(IPV4, port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** True when a TCP connection to 127.0.0.1:port succeeds within 200 ms. */
    public static boolean isListening(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(IPV4, port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static InetAddress ipv4() {
        try {
            return InetAddress.getByAddress("127.0.0.1", new byte[]{127, 0, 0, 1});
        } catch (UnknownHostException e) {
            throw new ExceptionInInitializerError(e); // a 4-byte address is always valid
        }
    }

    private static void closeQuietly(ServerSocket socket) {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException e) {
                // a bound, unconnected server socket does not fail to close in practice
            }
        }
    }
}
