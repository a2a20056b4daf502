package org.maestro.common.peer;

import org.maestro.common.dataserver.DataServer;
import org.maestro.common.mqtt.BrokerUrl;
import org.maestro.common.util.HostNames;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * The host a peer puts in the data-server URL it advertises (GET {@code data.url}): the one the client
 * downloads from, so it must be reachable from the client's host, not merely where the server listens.
 * In order: {@code --data-address} (or {@code MAESTRO_DATA_ADDRESS}) when given, for NAT and containers;
 * else the listen address when it is a specific one; else, listening everywhere, the address of the interface
 * toward the control broker (the lab network), unless that is loopback, where this host's name serves as before.
 */
public final class DataAddress {
    private DataAddress() {
    }

    /** The advertised host for a peer that listens on {@code listenHost} and reaches {@code broker}. */
    public static String advertised(String given, String listenHost, BrokerUrl broker) {
        if (given != null && !given.isBlank()) {
            return given.strip();
        }
        if (!DataServer.listensEverywhere(listenHost)) {
            return listenHost;
        }
        return choose(HostNames.addressToward(broker.host(), broker.port()), HostNames.local());
    }

    /** Listening everywhere: the route's address unless it is missing or loopback, then the host name. */
    static String choose(String routeAddress, String hostName) {
        return routeAddress == null || isLoopback(routeAddress) ? hostName : routeAddress;
    }

    private static boolean isLoopback(String address) {
        try {
            return InetAddress.getByName(address).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
