package org.maestro.common.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.util.List;

/**
 * A throw-away certificate authority and a server certificate for 127.0.0.1 / localhost, made
 * with the openssl command, plus a PKCS12 trust store holding the CA for the client side.
 */
public record TestCertificates(Path serverCertificate, Path serverKey, Path trustStore, String trustStorePassword)
        implements AutoCloseable {

    /** Deletes the files (all in one temporary directory). */
    @Override
    public void close() {
        TempDirs.delete(serverCertificate.getParent());
    }

    public static TestCertificates create() throws IOException {
        Path dir = Files.createTempDirectory("maestro-certs-");
        Path caKey = dir.resolve("ca.key");
        Path caCert = dir.resolve("ca.pem");
        Path key = dir.resolve("server.key");
        Path csr = dir.resolve("server.csr");
        Path cert = dir.resolve("server.pem");
        Path ext = dir.resolve("server.ext");
        Files.writeString(ext, "subjectAltName=IP:127.0.0.1,DNS:localhost\n");
        MosquittoBroker.run(List.of("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", caKey.toString(),
                "-out", caCert.toString(), "-days", "2", "-subj", "/CN=maestro-test-ca"));
        MosquittoBroker.run(List.of("openssl", "req", "-newkey", "rsa:2048", "-nodes", "-keyout", key.toString(),
                "-out", csr.toString(), "-subj", "/CN=127.0.0.1"));
        MosquittoBroker.run(List.of("openssl", "x509", "-req", "-in", csr.toString(), "-CA", caCert.toString(),
                "-CAkey", caKey.toString(), "-CAcreateserial", "-out", cert.toString(), "-days", "2",
                "-extfile", ext.toString()));
        Path trustStore = dir.resolve("trust.p12");
        String password = "changeit";
        try (InputStream in = Files.newInputStream(caCert); OutputStream out = Files.newOutputStream(trustStore)) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setCertificateEntry("maestro-test-ca", CertificateFactory.getInstance("X.509").generateCertificate(in));
            store.store(out, password.toCharArray());
        } catch (Exception e) {
            throw new IOException("cannot write the test trust store: " + e.getMessage(), e);
        }
        return new TestCertificates(cert, key, trustStore, password);
    }
}
