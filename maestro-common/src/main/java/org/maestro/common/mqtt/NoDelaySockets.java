package org.maestro.common.mqtt;

import javax.net.SocketFactory;
import javax.net.ssl.SSLSocketFactory;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;

/**
 * Socket factories that turn Nagle's algorithm off. Paho leaves it on, and a small note then
 * waits for the peer's delayed ACK (tens of milliseconds) before it leaves: every request/reply
 * round trip paid that. Paho wants a plain factory for tcp:// and an SSL one for ssl://. The control plane's
 * connections and the MQTT load driver's (maestro-worker) use them.
 */
public final class NoDelaySockets {
    private NoDelaySockets() {
    }

    public static SocketFactory plain() {
        return new Plain(SocketFactory.getDefault());
    }

    public static SSLSocketFactory tls(SSLSocketFactory delegate) {
        return new Tls(delegate);
    }

    private static Socket noDelay(Socket s) throws IOException {
        s.setTcpNoDelay(true);
        return s;
    }

    private static final class Plain extends SocketFactory {
        private final SocketFactory delegate;

        Plain(SocketFactory delegate) {
            this.delegate = delegate;
        }

        @Override
        public Socket createSocket() throws IOException {
            return noDelay(delegate.createSocket());
        }

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            return noDelay(delegate.createSocket(host, port));
        }

        @Override
        public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
            return noDelay(delegate.createSocket(host, port, localHost, localPort));
        }

        @Override
        public Socket createSocket(InetAddress host, int port) throws IOException {
            return noDelay(delegate.createSocket(host, port));
        }

        @Override
        public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort) throws IOException {
            return noDelay(delegate.createSocket(address, port, localAddress, localPort));
        }
    }

    private static final class Tls extends SSLSocketFactory {
        private final SSLSocketFactory delegate;

        Tls(SSLSocketFactory delegate) {
            this.delegate = delegate;
        }

        @Override
        public String[] getDefaultCipherSuites() {
            return delegate.getDefaultCipherSuites();
        }

        @Override
        public String[] getSupportedCipherSuites() {
            return delegate.getSupportedCipherSuites();
        }

        @Override
        public Socket createSocket() throws IOException {
            return noDelay(delegate.createSocket());
        }

        @Override
        public Socket createSocket(Socket s, String host, int port, boolean autoClose) throws IOException {
            return noDelay(delegate.createSocket(s, host, port, autoClose));
        }

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            return noDelay(delegate.createSocket(host, port));
        }

        @Override
        public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
            return noDelay(delegate.createSocket(host, port, localHost, localPort));
        }

        @Override
        public Socket createSocket(InetAddress host, int port) throws IOException {
            return noDelay(delegate.createSocket(host, port));
        }

        @Override
        public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort) throws IOException {
            return noDelay(delegate.createSocket(address, port, localAddress, localPort));
        }
    }
}
