_b(const flo[4];
    s[t((((((((((((((((((ut =ao[5];
oo}
