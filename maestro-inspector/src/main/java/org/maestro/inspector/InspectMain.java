package org.maestro.inspector;

import org.maestro.common.cli.OneLineErrors;
import org.maestro.common.cli.UrlPasswords;
import org.maestro.common.units.TimeSpan;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.util.concurrent.Callable;

/**
 * {@code inspect --type jolokia|amqp-management --url URL}: prints one sample of every data set, to
 * check a management URL and its credentials before a test. Exit codes as {@link InspectOnce}.
 */
@Command(name = "inspect", mixinStandardHelpOptions = true,
        description = "Reads the SUT's management once and prints every data set, to check a management URL before a test.")
public final class InspectMain implements Callable<Integer> {
    @Option(names = "--type", required = true, description = "jolokia or amqp-management")
    String type;

    /** The variable that gives the management URL, credentials included, off the command line. */
    static final String URL_ENV = "MAESTRO_MANAGEMENT_URL";

    /** Its password, typed into it, bin/maestro hands over in the environment ({@link UrlPasswords}). */
    private static final String URL_OPTION = "--url";

    @Option(names = URL_OPTION, defaultValue = "${env:" + URL_ENV + "}",
            description = "the management URL, e.g. http://admin:admin@broker:8161/console/jolokia or amqp://user:pass@router:5672;"
                    + " with credentials, give it in " + URL_ENV + " instead: the command line is shown to every user of the host (ps)")
    String url;

    /** Kept so that scripts written when it was required still run: inspect always reads once. */
    @Option(names = "--once", description = "read once and exit: what inspect always does (the inspector peer samples during tests)")
    boolean once;

    @Option(names = "--datasets", defaultValue = "",
            description = "amqp-management: a preset (qpid-dispatch or its other names router and skupper: a router of either kind; qpid-broker-j)"
                    + " or name=entityType:attribute,...;... (default: qpid-dispatch)")
    String dataSets;

    @Option(names = "--timeout", defaultValue = "10s", description = "how long the read may take (default: ${DEFAULT-VALUE})")
    String timeout;

    public static void main(String[] args) {
        System.exit(OneLineErrors.execute(new InspectMain(), "inspect", args));
    }

    @Override
    public Integer call() {
        if (url == null || url.isBlank()) {
            System.out.println("FAILED: no management URL: give --url or set " + URL_ENV);
            return InspectOnce.FAILED;
        }
        Duration t;
        try {
            t = TimeSpan.parse(timeout);
        } catch (IllegalArgumentException e) {
            System.out.println("FAILED: --timeout: " + e.getMessage());
            return InspectOnce.FAILED;
        }
        String withPassword;
        try {
            withPassword = UrlPasswords.restored(URL_OPTION, url);
        } catch (IllegalArgumentException e) {
            System.out.println("FAILED: " + e.getMessage());
            return InspectOnce.FAILED;
        }
        return InspectOnce.run(type, withPassword, dataSets, t, System.out);
    }
}
