package org.maestro.common.util;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

/** Free ports on 127.0.0.1, and a check that something listens on one. */
public final class LoopbackPorts {
    private LoopbackPorts() {
    }

    /** A port that was free on 127.0.0.1 a moment ago (the OS picks it). */
    public static int free() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            s.setReuseAddress(true);
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find a free port on 127.0.0.1: " + e.getMessage(), e);
        }
    }

    /** True when a TCP connection to 127.0.0.1:port succeeds within 200 ms. */
    public static boolean isListening(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
