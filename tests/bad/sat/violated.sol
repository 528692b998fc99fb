# Solution
x_r1c1_1 0
