package org.maestro.common.util;

import java.util.regex.Pattern;

/**
 * Keeps passwords out of logs, messages and files that end up in reports: every
 * {@code scheme://user:password@} in a text becomes {@code scheme://user:***@}.
 */
public final class Passwords {
    /** {@code ://user:password@}, where neither part holds a {@code /} or {@code @} (nor the user a {@code :}). */
    private static final Pattern USER_AND_PASSWORD = Pattern.compile("://([^:/@]+):[^@/]*@");

    private Passwords() {
    }

    /** The text with every URL's password replaced by {@code ***}; "" for null. */
    public static String redact(String text) {
        return text == null ? "" : USER_AND_PASSWORD.matcher(text).replaceAll("://$1:***@");
    }
}
