package org.maestro.common.mqtt;

import org.eclipse.paho.client.mqttv3.MqttException;

import java.io.EOFException;
import java.net.ConnectException;
import java.net.SocketException;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;

/** What a Paho failure means, named after the usual mistakes in a lab: Paho's own messages are terse. */
final class PahoFailures {

    private PahoFailures() {
    }

    /**
     * Why a connection attempt failed, named after the usual mistakes in a lab: a certificate whose CA is not in
     * the trust store, plain MQTT against a TLS listener or TLS against a plain one (either way the broker just
     * closes the connection), and those of {@link #explain}.
     */
    static String whyNotConnected(MqttException e, BrokerUrl broker) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        if (root instanceof CertPathBuilderException || root instanceof CertPathValidatorException
                || root instanceof CertificateException) {
            return "the broker's TLS certificate is not trusted (" + rootMessage(root)
                    + "): give its CA with ?truststore=FILE&truststore-password=...";
        }
        boolean closedByBroker = (root instanceof SocketException && !(root instanceof ConnectException))
                || root instanceof EOFException;
        if (closedByBroker && broker.tls()) {
            return "the broker closed the connection during the TLS handshake: is it a plain MQTT listener? (then use mqtt://)";
        }
        if (closedByBroker) {
            return "the broker closed the connection before answering: is it a TLS listener? (then use mqtts://)";
        }
        return explain(e);
    }

    /** Paho's messages are terse ("Unable to connect to server"); say what it means. */
    static String explain(MqttException e) {
        return switch (e.getReasonCode()) {
            case MqttException.REASON_CODE_FAILED_AUTHENTICATION -> "bad user name or password";
            case MqttException.REASON_CODE_NOT_AUTHORIZED -> "not authorised (check the user name and password)";
            case MqttException.REASON_CODE_CLIENT_NOT_CONNECTED -> "not connected to the broker";
            case MqttException.REASON_CODE_CLIENT_TIMEOUT -> "the broker did not answer in time";
            case MqttException.REASON_CODE_SERVER_CONNECT_ERROR -> e.getCause() instanceof ConnectException
                    ? "connection refused (is the broker running and listening there?)"
                    : "unable to connect" + (e.getCause() == null ? "" : ": " + rootMessage(e.getCause()));
            case MqttException.REASON_CODE_SSL_CONFIG_ERROR -> "TLS setup failed: " + rootMessage(e);
            default -> e.getMessage() + (e.getCause() == null ? "" : ": " + rootMessage(e.getCause()));
        };
    }

    static String rootMessage(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getClass().getSimpleName() + (root.getMessage() == null ? "" : " " + root.getMessage());
    }
}
