__nst blockDim.xu];
   áncthr(((((((((((((((((((((ut = s[0];
}
