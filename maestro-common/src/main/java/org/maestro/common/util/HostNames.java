package org.maestro.common.util;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;

/** The name of this host as peers report it, and the address other hosts reach it at. */
public final class HostNames {
    private HostNames() {
    }

    public static String local() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            String env = System.getenv("HOSTNAME");
            return env == null || env.isBlank() ? "localhost" : env;
        }
    }

    /**
     * The address of this host's interface on the route toward {@code host}: on a lab, the address the other
     * machines reach this one at (the host name may resolve to 127.0.1.1, or be the same in every network
     * namespace). Asks the kernel's routing table by connecting a UDP socket, which sends nothing.
     *
     * @return the address, or null when {@code host} does not resolve or there is no route to it
     */
    public static String addressToward(String host, int port) {
        try (DatagramSocket probe = new DatagramSocket()) {
            probe.connect(new InetSocketAddress(InetAddress.getByName(host), port));
            InetAddress local = probe.getLocalAddress();
            return local == null || local.isAnyLocalAddress() ? null : local.getHostAddress();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * Whether {@code host} is this host: a loopback or wildcard address, or an address of one of its interfaces
     * (whichever of the names' addresses). False when it does not resolve: that it is here is then not known.
     * Asked where the peer runs, since only this host knows its own interfaces.
     */
    public static boolean isThisHost(String host) {
        try {
            for (InetAddress a : InetAddress.getAllByName(host)) {
                if (a.isLoopbackAddress() || a.isAnyLocalAddress() || NetworkInterface.getByInetAddress(a) != null) {
                    return true;
                }
            }
            return false;
        } catch (UnknownHostException | SocketException | RuntimeException e) {
            return false;
        }
    }
}
