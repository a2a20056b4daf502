package org.maestro.common.dataserver;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.regex.Pattern;

/**
 * The secret a data server asks of every request ({@code Authorization: Bearer <token>}): 32 random bytes,
 * base64url, made when the server starts and told only over the control plane ({@code GET data.token}).
 * It is never printed: {@link #toString()} hides it, and only {@link #value()} and {@link #authorization()}
 * give it, for the wire.
 */
public final class DataToken {
    /** The scheme of the {@code Authorization} header. */
    public static final String SCHEME = "Bearer";
    private static final int RANDOM_BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();
    /** base64url without padding; long enough to be a real token, short enough to be a header. */
    private static final Pattern FORM = Pattern.compile("[A-Za-z0-9_-]{16,256}");

    private final String value;

    private DataToken(String value) {
        this.value = value;
    }

    /** A fresh token from {@link SecureRandom}. */
    public static DataToken random() {
        byte[] bytes = new byte[RANDOM_BYTES];
        RANDOM.nextBytes(bytes);
        return new DataToken(Base64.getUrlEncoder().withoutPadding().encodeToString(bytes));
    }

    /**
     * A token as a peer told it.
     *
     * @throws IllegalArgumentException when it is not 16 to 256 base64url characters (the message does not repeat it)
     */
    public static DataToken of(String value) {
        if (value == null || !FORM.matcher(value).matches()) {
            throw new IllegalArgumentException("not a data token: expected 16 to 256 base64url characters, got "
                    + (value == null ? "none" : value.length() + " character(s)"));
        }
        return new DataToken(value);
    }

    /** The token itself, for the control plane's answer. */
    public String value() {
        return value;
    }

    /** The value of the {@code Authorization} header that carries it. */
    public String authorization() {
        return SCHEME + " " + value;
    }

    /** Whether {@code presented} (the bearer part of a request's header) is this token; in constant time. */
    boolean matches(String presented) {
        return presented != null && MessageDigest.isEqual(value.getBytes(StandardCharsets.US_ASCII),
                presented.getBytes(StandardCharsets.UTF_8));
    }

    /** Never the token: this may end up in a log line or a message. */
    @Override
    public String toString() {
        return "DataToken[hidden]";
    }
}
