Infeasible - objective value 0.00000000
      0 x_r1c1_1  0  0
