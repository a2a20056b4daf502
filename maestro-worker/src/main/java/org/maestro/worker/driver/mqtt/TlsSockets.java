package org.maestro.worker.driver.mqtt;

import org.maestro.common.util.IoReason;
import org.maestro.worker.driver.DriverException;
import org.maestro.worker.driver.SutUrl;

import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;

/** The TLS socket factory of an mqtts:// connection: the JVM's defaults, or the URL's trust and key stores. */
final class TlsSockets {
    private TlsSockets() {
    }

    static SSLSocketFactory of(SutUrl url, MqttSettings.Tls tls) throws DriverException {
        try {
            if (tls.trustStore().isEmpty() && tls.keyStore().isEmpty()) {
                return SSLContext.getDefault().getSocketFactory();
            }
            TrustManager[] trust = null;
            if (!tls.trustStore().isEmpty()) {
                TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
                tmf.init(load(tls.trustStore(), tls.trustStorePassword()));
                trust = tmf.getTrustManagers();
            }
            KeyManager[] keys = null;
            if (!tls.keyStore().isEmpty()) {
                KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
                kmf.init(load(tls.keyStore(), tls.keyStorePassword()), tls.keyStorePassword().toCharArray());
                keys = kmf.getKeyManagers();
            }
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keys, trust, null);
            return context.getSocketFactory();
        } catch (Exception e) {
            throw new DriverException("cannot use the TLS stores of " + url + " (" + MqttSettings.TRUST_STORE + "="
                    + tls.trustStore() + ", " + MqttSettings.KEY_STORE + "=" + tls.keyStore() + "): " + IoReason.of(e), e);
        }
    }

    private static KeyStore load(String location, String password) throws Exception {
        Path path = Path.of(location);
        KeyStore store = KeyStore.getInstance(location.endsWith(".jks") ? "JKS" : "PKCS12");
        try (InputStream in = Files.newInputStream(path)) {
            store.load(in, password.toCharArray());
        }
        return store;
    }
}
