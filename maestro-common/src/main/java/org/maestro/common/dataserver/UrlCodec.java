package org.maestro.common.dataserver;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Strict percent-encoding (RFC 3986) of path segments and query values, UTF-8 only. Decoding refuses
 * malformed escapes and invalid UTF-8 instead of guessing, so what the server checks is exactly what it
 * resolves.
 */
final class UrlCodec {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private UrlCodec() {
    }

    /** Percent-encodes every byte of the UTF-8 form of {@code text} except RFC 3986 unreserved characters. */
    static String encode(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xFF;
            if (isUnreserved(c)) {
                out.append((char) c);
            } else {
                out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xF]);
            }
        }
        return out.toString();
    }

    /**
     * Decodes {@code %XX} escapes (and, when {@code plusIsSpace}, '+' as a space) and the resulting bytes as
     * UTF-8.
     *
     * @throws IllegalArgumentException on a malformed escape or bytes that are not valid UTF-8
     */
    static String decode(String raw, boolean plusIsSpace) {
        if (raw.indexOf('%') < 0 && !(plusIsSpace && raw.indexOf('+') >= 0)) {
            return raw;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(raw.length());
        int i = 0;
        while (i < raw.length()) {
            char c = raw.charAt(i);
            if (c == '%') {
                int hi = i + 2 < raw.length() ? Character.digit(raw.charAt(i + 1), 16) : -1;
                int lo = hi >= 0 ? Character.digit(raw.charAt(i + 2), 16) : -1;
                if (lo < 0) {
                    throw new IllegalArgumentException("malformed percent-escape at character " + i
                            + " (expected %XX with two hex digits)");
                }
                bytes.write((hi << 4) | lo);
                i += 3;
            } else if (c == '+' && plusIsSpace) {
                bytes.write(' ');
                i++;
            } else {
                int end = i;
                while (end < raw.length() && raw.charAt(end) != '%' && !(plusIsSpace && raw.charAt(end) == '+')) {
                    end++;
                }
                bytes.writeBytes(raw.substring(i, end).getBytes(StandardCharsets.UTF_8));
                i = end;
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray()))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("percent-escapes do not decode to valid UTF-8");
        }
    }

    /**
     * Parses a raw query string ({@code a=1&b=2}) into decoded names and values, in order.
     *
     * @throws IllegalArgumentException on a malformed escape or a parameter given twice
     */
    static Map<String, String> parseQuery(String rawQuery) {
        Map<String, String> params = new LinkedHashMap<>();
        if (rawQuery == null || rawQuery.isEmpty()) {
            return params;
        }
        for (String pair : rawQuery.split("&", -1)) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq), true);
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1), true);
            if (params.putIfAbsent(name, value) != null) {
                throw new IllegalArgumentException("query parameter '" + name + "' given more than once");
            }
        }
        return params;
    }

    private static boolean isUnreserved(int c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || c == '-' || c == '.' || c == '_' || c == '~';
    }
}
