package org.maestro.common.cli;

import org.maestro.common.mqtt.BrokerUrl;
import org.maestro.common.util.SecretFile;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/**
 * {@code --broker}: the MQTT control broker, for every command that joins or talks to a cluster (a picocli mixin).
 * Its password need not be on the command line, where {@code ps} shows it to every user of the host: the whole
 * URL may come from {@value #ENV}, or the password alone from {@value #PASSWORD_ENV} or a file readable by its
 * owner only ({@code --broker-password-file}, {@value #PASSWORD_FILE_ENV}), filled into a URL that names the
 * user but no password.
 */
public class BrokerOption {
    /** The variable that gives the broker when {@code --broker} is not given. */
    public static final String ENV = "MAESTRO_BROKER";
    /**
     * The variable that gives the broker's password, for a URL given without one; bin/maestro moves a password typed
     * into {@code --broker} there ({@link UrlPasswords#variable(String)} of {@code --broker}).
     */
    public static final String PASSWORD_ENV = "MAESTRO_BROKER_PASSWORD";
    /** The variable that names the password file when {@code --broker-password-file} is not given. */
    public static final String PASSWORD_FILE_ENV = "MAESTRO_BROKER_PASSWORD_FILE";
    private static final String PASSWORD_FILE = "--broker-password-file";

    @Option(names = "--broker", description = "the MQTT control broker, e.g. mqtt://maestro@broker.lab:1883 (env " + ENV
            + "). Keep its password off the command line: " + PASSWORD_FILE + ", " + PASSWORD_ENV + ", or the whole URL in "
            + ENV + ".", defaultValue = "${env:" + ENV + "}")
    String broker;

    @Option(names = PASSWORD_FILE, paramLabel = "FILE", defaultValue = "${env:" + PASSWORD_FILE_ENV + "}",
            description = "the control broker's password, on the first line of FILE, which must be readable by its owner only"
                    + " (mode 0600 or 0400), for a --broker URL that names the user but no password (env " + PASSWORD_FILE_ENV
                    + "; or the password itself in " + PASSWORD_ENV + ")")
    Path passwordFile;

    /** Whether a broker was given, by option or environment. */
    public boolean isGiven() {
        return broker != null && !broker.isBlank();
    }

    /**
     * The broker's URL, with the password from the file or the environment when it has none.
     *
     * @throws IllegalArgumentException when none was given, it is not a broker URL, or its password is given
     *                                  twice, without a user, or in a file others may read
     */
    public BrokerUrl url() {
        return url(System.getenv(PASSWORD_ENV));
    }

    /** As {@link #url()}, with {@code fromEnv} as the value of {@value #PASSWORD_ENV} (null when unset). */
    BrokerUrl url(String fromEnv) {
        if (!isGiven()) {
            throw new IllegalArgumentException("no broker given: use --broker mqtt://host:1883 or set " + ENV);
        }
        BrokerUrl url = BrokerUrl.parse(broker);
        boolean inEnv = fromEnv != null && !fromEnv.isEmpty();
        boolean inFile = passwordFile != null && !passwordFile.toString().isBlank();
        if (!inEnv && !inFile) {
            return url;
        }
        String source = inFile ? PASSWORD_FILE + " " + passwordFile : PASSWORD_ENV;
        if (inEnv && inFile) {
            throw new IllegalArgumentException("the broker's password is given twice, by " + PASSWORD_ENV + " and by "
                    + PASSWORD_FILE + ": give it once");
        }
        if (!url.password().isEmpty()) {
            throw new IllegalArgumentException("the broker's password is given twice, in the URL " + url + " and by " + source
                    + ": give it once");
        }
        if (url.username().isEmpty()) {
            throw new IllegalArgumentException("a broker password comes from " + source + " but the URL " + url
                    + " names no user: give it as mqtt://USER@host:port");
        }
        return url.withCredentials(url.username(), inFile ? SecretFile.read(passwordFile, PASSWORD_FILE) : fromEnv);
    }
}
