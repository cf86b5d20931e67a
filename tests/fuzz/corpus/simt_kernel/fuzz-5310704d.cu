__/= 2)
 ?   ak;oll(((((((((((((((((((((((((
threadIdx'x    if (threadIdx.x-== 0) *output = s[0]
