//+------------------------------------------------------------------+
//| MovingAverages.mqh — moving averages of an array (Standard       |
//| Library).                                                        |
//|                                                                  |
//| One value at `position` (the array indexed from its start, as    |
//| given: the series flag is not consulted):                        |
//| - SimpleMA: mean of price[position-period+1 … position];         |
//| - ExponentialMA: price[position]·k + prev_value·(1-k),           |
//|   k = 2/(period+1);                                              |
//| - SmoothedMA: (prev_value·(period-1) + price[position]) / period |
//|   (from position period-1 on: as MT5's, the first value too is   |
//|   this step, not the simple mean the buffer form seeds with);    |
//| - LinearWeightedMA: weights period (newest) down to 1, divided   |
//|   by period·(period+1)/2.                                        |
//| They answer 0.0 for a period below 1 or (all but ExponentialMA)  |
//| a position before period-1.                                      |
//|                                                                  |
//| A whole buffer (the *OnBuffer functions, as an indicator's       |
//| OnCalculate uses them): price[] holds rates_total values, the    |
//| meaningful ones from `begin`; buffer[] receives the averages in  |
//| the same indexing. With prev_calculated = 0 (or a value that     |
//| cannot continue) everything is computed: 0.0 before the first    |
//| average (index begin+period-1; from `begin` for the exponential  |
//| one, seeded with price[begin]); otherwise only from              |
//| prev_calculated-1 on. They answer rates_total, or 0 when period  |
//| is below 1 or exceeds the rates_total-begin values (buffer       |
//| untouched). Series-ordered arrays are handled (their flags are   |
//| restored); a dynamic buffer shorter than rates_total is resized. |
//| LinearWeightedMAOnBuffer's weight_sum receives                   |
//| period·(period+1)/2.                                             |
//| Ordinary MQL5 source with bodies, compiled with the program.     |
//+------------------------------------------------------------------+

//+------------------------------------------------------------------+
//| Simple moving average at `position`.                             |
//+------------------------------------------------------------------+
double SimpleMA(const int position, const int period, const double &price[])
  {
   if(period < 1 || position < period - 1)
      return(0.0);
   double sum = 0.0;
   for(int i = position - period + 1; i <= position; i++)
      sum += price[i];
   return(sum / period);
  }
//+------------------------------------------------------------------+
//| Exponential moving average at `position`, from the previous one. |
//+------------------------------------------------------------------+
double ExponentialMA(const int position, const int period, const double prev_value, const double &price[])
  {
   if(period < 1)
      return(0.0);
   double k = 2.0 / (period + 1.0);
   return(price[position] * k + prev_value * (1.0 - k));
  }
//+------------------------------------------------------------------+
//| Smoothed moving average at `position`, from the previous one.    |
//+------------------------------------------------------------------+
double SmoothedMA(const int position, const int period, const double prev_value, const double &price[])
  {
   if(period < 1 || position < period - 1)
      return(0.0);
   return((prev_value * (period - 1) + price[position]) / period);
  }
//+------------------------------------------------------------------+
//| Linear weighted moving average at `position`.                    |
//+------------------------------------------------------------------+
double LinearWeightedMA(const int position, const int period, const double &price[])
  {
   if(period < 1 || position < period - 1)
      return(0.0);
   double sum = 0.0;
   for(int j = 0; j < period; j++)
      sum += (period - j) * price[position - j];
   return(sum / (period * (period + 1) / 2.0));
  }
//+------------------------------------------------------------------+
//| Checks the arguments of an *OnBuffer function, makes room in the |
//| buffer and clears the series flags (saved in the two bools).     |
//| Answers where to start: `first` (the first average) for a full   |
//| computation, else prev_calculated-1; -1 when nothing can be done.|
//+------------------------------------------------------------------+
int MAOnBufferStart(const int rates_total, const int prev_calculated, const int begin, const int period,
                    const int first, const double &price[], double &buffer[],
                    bool &price_series, bool &buffer_series)
  {
   if(period < 1 || begin < 0 || period > rates_total - begin)
      return(-1);
   if(ArraySize(buffer) < rates_total && ArrayResize(buffer, rates_total) < rates_total)
      return(-1);
   price_series = ArrayGetAsSeries(price);
   buffer_series = ArrayGetAsSeries(buffer);
   ArraySetAsSeries(price, false);
   ArraySetAsSeries(buffer, false);
   if(prev_calculated <= first || prev_calculated > rates_total)
     {
      for(int i = 0; i < first; i++)
         buffer[i] = 0.0;
      return(first);
     }
   return(prev_calculated - 1);
  }
//+------------------------------------------------------------------+
//| Restores the series flags MAOnBufferStart cleared.               |
//+------------------------------------------------------------------+
void MAOnBufferEnd(const double &price[], double &buffer[], const bool price_series, const bool buffer_series)
  {
   ArraySetAsSeries(price, price_series);
   ArraySetAsSeries(buffer, buffer_series);
  }
//+------------------------------------------------------------------+
//| Simple moving average of a buffer.                               |
//+------------------------------------------------------------------+
int SimpleMAOnBuffer(const int rates_total, const int prev_calculated, const int begin, const int period,
                     const double &price[], double &buffer[])
  {
   bool price_series = false, buffer_series = false;
   int first = begin + period - 1;
   int start = MAOnBufferStart(rates_total, prev_calculated, begin, period, first, price, buffer, price_series, buffer_series);
   if(start < 0)
      return(0);
   if(start == first)
     {
      double sum = 0.0;
      for(int i = begin; i <= first; i++)
         sum += price[i];
      buffer[first] = sum / period;
      start++;
     }
   for(int i = start; i < rates_total; i++)
      buffer[i] = buffer[i - 1] + (price[i] - price[i - period]) / period;
   MAOnBufferEnd(price, buffer, price_series, buffer_series);
   return(rates_total);
  }
//+------------------------------------------------------------------+
//| Exponential moving average of a buffer (from price[begin]).      |
//+------------------------------------------------------------------+
int ExponentialMAOnBuffer(const int rates_total, const int prev_calculated, const int begin, const int period,
                          const double &price[], double &buffer[])
  {
   bool price_series = false, buffer_series = false;
   int start = MAOnBufferStart(rates_total, prev_calculated, begin, period, begin, price, buffer, price_series, buffer_series);
   if(start < 0)
      return(0);
   if(start == begin)
     {
      buffer[begin] = price[begin];
      start++;
     }
   double k = 2.0 / (period + 1.0);
   for(int i = start; i < rates_total; i++)
      buffer[i] = price[i] * k + buffer[i - 1] * (1.0 - k);
   MAOnBufferEnd(price, buffer, price_series, buffer_series);
   return(rates_total);
  }
//+------------------------------------------------------------------+
//| Smoothed moving average of a buffer.                             |
//+------------------------------------------------------------------+
int SmoothedMAOnBuffer(const int rates_total, const int prev_calculated, const int begin, const int period,
                       const double &price[], double &buffer[])
  {
   bool price_series = false, buffer_series = false;
   int first = begin + period - 1;
   int start = MAOnBufferStart(rates_total, prev_calculated, begin, period, first, price, buffer, price_series, buffer_series);
   if(start < 0)
      return(0);
   if(start == first)
     {
      double sum = 0.0;
      for(int i = begin; i <= first; i++)
         sum += price[i];
      buffer[first] = sum / period;
      start++;
     }
   for(int i = start; i < rates_total; i++)
      buffer[i] = (buffer[i - 1] * (period - 1) + price[i]) / period;
   MAOnBufferEnd(price, buffer, price_series, buffer_series);
   return(rates_total);
  }
//+------------------------------------------------------------------+
//| Linear weighted moving average of a buffer; weight_sum receives  |
//| the sum of the weights.                                          |
//+------------------------------------------------------------------+
int LinearWeightedMAOnBuffer(const int rates_total, const int prev_calculated, const int begin, const int period,
                             const double &price[], double &buffer[], int &weight_sum)
  {
   bool price_series = false, buffer_series = false;
   int first = begin + period - 1;
   int start = MAOnBufferStart(rates_total, prev_calculated, begin, period, first, price, buffer, price_series, buffer_series);
   if(start < 0)
      return(0);
   weight_sum = period * (period + 1) / 2;
   for(int i = start; i < rates_total; i++)
     {
      double sum = 0.0;
      for(int j = 0; j < period; j++)
         sum += (period - j) * price[i - j];
      buffer[i] = sum / weight_sum;
     }
   MAOnBufferEnd(price, buffer, price_series, buffer_series);
   return(rates_total);
  }
int LinearWeightedMAOnBuffer(const int rates_total, const int prev_calculated, const int begin, const int period,
                             const double &price[], double &buffer[])
  {
   int weight_sum = 0;
   return(LinearWeightedMAOnBuffer(rates_total, prev_calculated, begin, period, price, buffer, weight_sum));
  }
