package org.maestro.common.mqtt;

import org.maestro.common.util.IoReason;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;

/** The TLS context of an mqtts:// connection: the JVM's default, or one trusting the broker URL's trust store. */
final class MqttTls {

    private MqttTls() {
    }

    static SSLContext sslContext(BrokerUrl broker) throws TransportException {
        try {
            if (broker.trustStore().isEmpty()) {
                return SSLContext.getDefault();
            }
            Path path = Path.of(broker.trustStore());
            KeyStore store = KeyStore.getInstance(path.toString().endsWith(".jks") ? "JKS" : "PKCS12");
            try (InputStream in = Files.newInputStream(path)) {
                store.load(in, broker.trustStorePassword().toCharArray());
            }
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(store);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, tmf.getTrustManagers(), null);
            return context;
        } catch (Exception e) {
            throw new TransportException("cannot use trust store '" + broker.trustStore() + "' for MQTT broker "
                    + broker + ": " + IoReason.of(e), e);
        }
    }
}
