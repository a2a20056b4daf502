package org.maestro.common.util;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.regex.Pattern;

/**
 * Keeps passwords out of logs, messages and files that end up in reports: every
 * {@code scheme://user:password@} in a text becomes {@code scheme://user:***@}, and the value of every
 * query option that names a secret ({@code password=}, {@code jms.password=}, {@code amqp.saslPassword=},
 * {@code truststore-password=}, {@code keystore.password=}, {@code token=}, ...) becomes {@code ***}.
 */
public final class Passwords {
    /**
     * {@code ://user:password@}. The password runs to the last {@code @} before the authority ends (at
     * {@code /}, {@code ?} or {@code #}), so one holding an unencoded {@code @} or a space is hidden whole.
     */
    private static final Pattern USER_AND_PASSWORD = Pattern.compile("://([^:/@\\s]*):[^/?#]*@");
    /** {@code ?name=value} or {@code &name=value} where the name ends in password, passwd, secret or token. */
    private static final Pattern SECRET_OPTION =
            Pattern.compile("(?i)([?&;][\\w.\\-]*(?:password|passwd|secret|token)=)[^&;#\\s]*");

    private Passwords() {
    }

    /** The text with every URL's password and every secret option's value replaced by {@code ***}; "" for null. */
    public static String redact(String text) {
        if (text == null) {
            return "";
        }
        String out = USER_AND_PASSWORD.matcher(text).replaceAll("://$1:***@");
        return SECRET_OPTION.matcher(out).replaceAll("$1***");
    }

    /**
     * A parsed URL as it may be shown: its user info cut to the user (exactly as the JDK split it, whatever
     * characters the password holds) and its secret options hidden.
     */
    public static String redact(URI uri) {
        String text = uri.toString();
        String info = uri.getRawUserInfo();
        if (info != null && info.contains(":")) {
            text = text.replace(info + "@", info.substring(0, info.indexOf(':')) + ":***@");
        }
        return redact(text);
    }

    /**
     * What is wrong with a URL the JDK could not parse, without the URL: {@link URISyntaxException#getMessage()}
     * repeats the whole input, password included, so only the reason and the position are kept.
     */
    public static String reason(URISyntaxException e) {
        return e.getReason() + (e.getIndex() >= 0 ? " at index " + e.getIndex() : "");
    }
}
