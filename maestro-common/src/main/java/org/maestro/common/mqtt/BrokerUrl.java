package org.maestro.common.mqtt;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Map;
import org.maestro.common.util.Passwords;
import org.maestro.common.util.SafeText;
import org.maestro.common.util.UrlParts;

/**
 * Where the MQTT control broker is, parsed from text such as
 * {@code mqtt://user:secret@broker.lab:1883} or
 * {@code mqtts://broker.lab:8883?truststore=/etc/maestro/ca.p12&truststore-password=changeit}.
 * Schemes: {@code mqtt}/{@code tcp} (plain, default port 1883), {@code mqtts}/{@code ssl} (TLS,
 * default port 8883). Credentials may be in the URL or given apart.
 *
 * @param tls              whether the connection uses TLS
 * @param host             broker host
 * @param port             broker port
 * @param username         "" for none
 * @param password         "" for none
 * @param trustStore       a PKCS12/JKS trust store path for TLS, "" for the JVM's default
 * @param trustStorePassword its password
 */
public record BrokerUrl(boolean tls, String host, int port, String username, String password, String trustStore,
                        String trustStorePassword) {

    /**
     * Parses a broker URL.
     *
     * @throws IllegalArgumentException saying what is wrong with the text
     */
    public static BrokerUrl parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("no MQTT broker URL given: expected e.g. mqtt://127.0.0.1:1883");
        }
        URI uri;
        try {
            uri = new URI(text.trim());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("bad MQTT broker URL '" + SafeText.of(Passwords.redact(text)) + "': " + Passwords.reason(e)
                    + "; expected mqtt[s]://[user:password@]host:port[?options], special characters percent-encoded");
        }
        String shown = Passwords.redact(uri);
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase();
        boolean tls = switch (scheme) {
            case "mqtt", "tcp" -> false;
            case "mqtts", "ssl" -> true;
            default -> throw new IllegalArgumentException("bad MQTT broker URL '" + shown
                    + "': scheme must be mqtt://, tcp://, mqtts:// or ssl://");
        };
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("bad MQTT broker URL '" + shown + "': no host (expected e.g. mqtt://127.0.0.1:1883)");
        }
        int port = uri.getPort() == -1 ? (tls ? 8883 : 1883) : uri.getPort();
        String[] credentials = UrlParts.credentials(uri);
        Map<String, String> query = UrlParts.options(uri);
        for (Map.Entry<String, String> e : query.entrySet()) {
            if (e.getValue().isEmpty()) {
                throw new IllegalArgumentException("bad MQTT broker URL '" + shown + "': option '" + SafeText.of(e.getKey())
                        + "' has no value (expected name=value)");
            }
        }
        String trustStore = query.getOrDefault("truststore", "");
        String trustStorePassword = query.getOrDefault("truststore-password", "");
        query.keySet().removeAll(List.of("truststore", "truststore-password"));
        if (!query.isEmpty()) {
            throw new IllegalArgumentException("bad MQTT broker URL '" + shown + "': unknown option(s) " + SafeText.of(query.keySet().toString())
                    + " (known: truststore, truststore-password)");
        }
        return new BrokerUrl(tls, uri.getHost(), port, credentials[0], credentials[1], trustStore, trustStorePassword);
    }

    /** The same broker with these credentials (e.g. from the command line or the environment). */
    public BrokerUrl withCredentials(String user, String pass) {
        return new BrokerUrl(tls, host, port, user == null ? "" : user, pass == null ? "" : pass, trustStore,
                trustStorePassword);
    }

    /** The URI Paho connects to: {@code tcp://host:port} or {@code ssl://host:port}. */
    public String pahoUri() {
        return (tls ? "ssl://" : "tcp://") + hostForUri() + ":" + port;
    }

    /** A form safe to print: no password. */
    @Override
    public String toString() {
        return (tls ? "mqtts://" : "mqtt://") + (username.isEmpty() ? "" : username + "@") + hostForUri() + ":" + port;
    }

    private String hostForUri() {
        return host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
    }

}
