# Solution for model
x_r9c9_9 1
