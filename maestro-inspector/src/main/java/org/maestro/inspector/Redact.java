package org.maestro.inspector;

/** Keeps passwords out of logs, messages and files: {@code http://admin:secret@host} becomes {@code http://admin:***@host}. */
public final class Redact {
    private Redact() {
    }

    public static String url(String url) {
        return url == null ? "" : url.replaceAll("://([^:/@]+):[^@/]*@", "://$1:***@");
    }
}
