x_r1c1_1 1
x_r1c1_2 1e-3
