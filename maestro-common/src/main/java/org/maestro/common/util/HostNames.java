package org.maestro.common.util;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** The name of this host as peers report it. */
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
}
