package org.maestro.common.cli;

import org.maestro.common.util.Passwords;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The passwords {@code bin/maestro} takes out of URL options ({@code --broker}, {@code --url}, {@code --NAME-url})
 * so that the JVM's command line, which {@code ps} shows to every user of the host, never holds them: the launcher
 * passes the URL on without its password and the password in a variable named by {@link #variable(String)}, the
 * rule bin/url-passwords.bash follows. {@code --broker}'s variable is {@link BrokerOption#PASSWORD_ENV}, which
 * {@link BrokerOption} reads; the others' URLs get their password back from {@link #restored}.
 */
public final class UrlPasswords {
    /** scheme://user@rest, the user info without a password. */
    private static final Pattern USER_ONLY = Pattern.compile("^([A-Za-z][-A-Za-z0-9+.]*://)([^:/?#@]*)@(.*)$", Pattern.DOTALL);
    /** scheme://user:password@..., the user info with a password. */
    private static final Pattern WITH_PASSWORD = Pattern.compile("^[A-Za-z][-A-Za-z0-9+.]*://[^:/?#@]*:[^/?#@]*@.*$", Pattern.DOTALL);

    private UrlPasswords() {
    }

    /** The variable that carries option's password: {@code --broker} → MAESTRO_BROKER_PASSWORD. */
    public static String variable(String option) {
        return "MAESTRO_" + option.replaceFirst("^--", "").replace('-', '_').toUpperCase(Locale.ROOT) + "_PASSWORD";
    }

    /** Option's URL with the password the environment holds for it put back in; the URL as it is when none is held. */
    public static String restored(String option, String url) {
        return restored(option, url, System.getenv(variable(option)));
    }

    /**
     * As {@link #restored(String, String)}, with {@code password} as the variable's value (null when unset).
     *
     * @throws IllegalArgumentException when the URL holds a password too, or names no user
     */
    static String restored(String option, String url, String password) {
        if (password == null || password.isEmpty() || url == null || url.isBlank()) {
            return url;
        }
        if (WITH_PASSWORD.matcher(url.trim()).matches()) {
            throw new IllegalArgumentException("the password of " + option + " is given twice, in the URL " + Passwords.redact(url)
                    + " and by " + variable(option) + ": give it once");
        }
        Matcher m = USER_ONLY.matcher(url.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("a password for " + option + " comes from " + variable(option) + " but the URL "
                    + Passwords.redact(url) + " names no user: give it as scheme://USER@host...");
        }
        return m.group(1) + m.group(2) + ":" + URLEncoder.encode(password, StandardCharsets.UTF_8).replace("+", "%20") + "@"
                + m.group(3);
    }
}
